import type { ContractMessages } from './keys.js';
import { cnNotices } from './notices-cn.js';
import { cnRules } from './rules-cn.js';

/** Every text the contract owns. */
export const cn: ContractMessages = { ...cnNotices, ...cnRules };
