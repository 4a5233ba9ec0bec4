/** The order number a new item under this parent gets: after its last sibling. */
export function nextOrderNum(rows: readonly { parentId: number | null; orderNum: number }[], parentId: number | null) {
  const siblings = rows.filter((r) => r.parentId === parentId);
  return siblings.length === 0 ? 1 : Math.max(...siblings.map((r) => r.orderNum)) + 1;
}
