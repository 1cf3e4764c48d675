/**
 * How wide a select must be to show its longest option in full, within [min, max]: about 7.2 px a character at
 * the 12 px text of size 'xs', 8.4 px at the 14 px of 'sm', plus the left icon and the chevron.
 */
export function selectWidth(
  labels: readonly string[],
  { size = 'xs', min = 200, max = 360 }: { size?: 'xs' | 'sm'; min?: number; max?: number } = {},
) {
  const longest = Math.max(0, ...labels.map((l) => l.length));
  const perChar = size === 'xs' ? 7.2 : 8.4;
  return Math.min(max, Math.max(min, Math.ceil(longest * perChar) + (size === 'xs' ? 64 : 72)));
}
