/**
 * The table's width when every column has one: the columns then keep their widths whatever the
 * rows hold (a longer text ends in "…"), so the screen fits as it planned and scrolls sideways
 * only where it is narrower. Otherwise the content decides (undefined).
 * `extra` is what the table draws beside the columns (its selection column).
 */
export function plannedWidth(columns: ReadonlyArray<{ width?: number | string }>, extra = 0): number | undefined {
  let total = extra;
  for (const c of columns) {
    if (typeof c.width !== 'number') return undefined;
    total += c.width;
  }
  return total;
}
