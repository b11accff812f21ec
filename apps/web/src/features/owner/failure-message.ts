/** What a refused owner write shows: the server's message, or a plain word when it sent none. */
export function failureMessage(reason: unknown): string {
  if (typeof reason === 'string' && reason) return reason;
  if (reason && typeof reason === 'object' && 'message' in reason && reason.message) {
    return String(reason.message);
  }
  return 'Server error';
}
