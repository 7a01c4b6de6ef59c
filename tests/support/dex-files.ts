import { dexFile as writeDexFile, type DexFileOptions, type DexSelectionFigures } from '../../src/server/features/sales/dex-file.js';

/** DEX audit files for the tests: the writer the demo uses, with a test serial unless one is given. */
export type { DexSelectionFigures };

export const dexFile = (options: Omit<DexFileOptions, 'serial'> & { serial?: string }) => writeDexFile({ ...options, serial: options.serial ?? 'VV-TEST-0001' });

export { dexBytes } from '../../src/server/features/sales/dex-file.js';
