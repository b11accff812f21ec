/**
 * A backup or restore that stopped, or a file it will not read: the message says what is wrong,
 * whether anything was changed, and what to do; it is printed without a stack.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
