import type { Config } from '../../config/config';
import { createDelhiveryDirectory } from './delhivery-directory';
import { createOfflineDirectory } from './offline-directory';
import type { PincodeDirectory } from './pincode-directory';

export function createPincodeDirectory(
  config: Config['pincode'],
  onError?: (error: unknown) => void,
): PincodeDirectory {
  if (config.provider === 'delhivery' && config.delhiveryToken) {
    return createDelhiveryDirectory({
      apiUrl: config.delhiveryApiUrl,
      token: config.delhiveryToken,
      onError,
    });
  }
  return createOfflineDirectory();
}
