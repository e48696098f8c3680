import type { ContractMessages } from './keys.js';
import { enNotices } from './notices-en.js';
import { enRules } from './rules-en.js';

/** Every text the contract owns. */
export const en: ContractMessages = { ...enNotices, ...enRules };
