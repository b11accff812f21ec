/** "+12.5%", "−8%", "0%"; "—" without last month's revenue to compare with. */
export function formatGrowth(percent: number | null): string {
  if (percent === null) return '—';
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toLocaleString('en-IN')}%`;
}
