import { copyFile, cp, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ensureOwnerAccount, refuseDevelopmentOwnerPassword } from '../../modules/accounts';
import { demoUploadName, seedDemoCatalogue } from '../../modules/catalogue';
import { seedDemoShopSettings } from '../../modules/shop';
import { DEMO_IMAGES_DIR } from '../../paths';
import type { Database } from '../client';

/**
 * Copies the demo pictures (apps/api/seed/images) that exist into the uploads, each rendition under
 * its uploads name; a missing folder is not an error.
 */
export async function copyDemoImages(
  uploadsDir: string,
  sourceDir = DEMO_IMAGES_DIR,
): Promise<boolean> {
  const source = await stat(sourceDir).catch(() => null);
  if (!source?.isDirectory()) return false;
  const target = path.join(uploadsDir, 'demo');
  await mkdir(target, { recursive: true });
  // The drawings are copied too: a database seeded before the renditions existed names them.
  await cp(sourceDir, target, {
    recursive: true,
    force: true,
    filter: (file) => demoUploadName(path.basename(file)) === null,
  });
  for (const entry of await readdir(sourceDir, { recursive: true, withFileTypes: true })) {
    const name = entry.isFile() ? demoUploadName(entry.name) : null;
    if (!name) continue;
    const folder = path.relative(sourceDir, entry.parentPath);
    await copyFile(path.join(entry.parentPath, entry.name), path.join(target, folder, name));
  }
  return true;
}

export interface StartupSeedResult {
  owner: 'created' | 'exists';
  catalogue: boolean;
  images: boolean;
  /** the demo's fictitious identity was filled in (a shop without one) */
  identity: boolean;
}

/**
 * Everything the server does to its data at start; idempotent. In production it refuses (a
 * ConfigError) while an owner account still has the development password.
 */
export async function seedAtStart(
  db: Database,
  config: {
    isProduction: boolean;
    seedDemo: boolean;
    uploadsDir: string;
    admin: { email: string; password: string };
  },
): Promise<StartupSeedResult> {
  const owner = await ensureOwnerAccount(db, config.admin);
  if (config.isProduction) await refuseDevelopmentOwnerPassword(db);
  if (!config.seedDemo) return { owner, catalogue: false, images: false, identity: false };
  const images = await copyDemoImages(config.uploadsDir);
  const catalogue = await seedDemoCatalogue(db);
  const identity = await seedDemoShopSettings(db);
  return { owner, catalogue, images, identity };
}
