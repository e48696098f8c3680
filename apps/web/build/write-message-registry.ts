import { fileURLToPath } from 'node:url';
import { writeMessageRegistry } from './message-registry.ts';

// `npm run messages -w @school/web`: writes the message registry without a build (decision 021).
const changed = writeMessageRegistry(fileURLToPath(new URL('../src', import.meta.url)));
process.stdout.write(
  changed.length > 0 ? `message registry written: ${changed.join(', ')}\n` : 'message registry is current\n',
);
