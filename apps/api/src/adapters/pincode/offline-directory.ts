import { readFile } from 'node:fs/promises';
import { PINCODE_DIRECTORY_FILE } from '../../paths';
import type { PincodeDirectory, ServiceablePincode } from './pincode-directory';

interface DirectoryFile {
  districts: string[];
  states: [name: string, code: string][];
  pincodes: Record<string, [district: number, state: number]>;
}

/**
 * The offline default: every pincode India Post lists (see scripts/build-pincodes.mjs) is
 * deliverable, and an unknown one is not. Read on first use, then kept: it is read-only data.
 */
export function createOfflineDirectory(
  path: string | URL = PINCODE_DIRECTORY_FILE,
): PincodeDirectory {
  let directory: Promise<DirectoryFile> | null = null;
  const load = () => {
    directory ??= readFile(path, 'utf8').then((text) => JSON.parse(text) as DirectoryFile);
    return directory;
  };
  return {
    async lookup(pincode) {
      const { districts, states, pincodes } = await load();
      const entry = pincodes[pincode];
      if (!entry) return null;
      const district = districts[entry[0]];
      const state = states[entry[1]];
      if (district === undefined || state === undefined) return null;
      const place: ServiceablePincode = { pincode, district, state: state[0], stateCode: state[1] };
      return place;
    },
  };
}
