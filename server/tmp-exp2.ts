import Database from 'better-sqlite3';
const db = new Database('/tmp/ti/c1000000.sqlite');
const mode = process.argv[2];
if (process.argv[3] === 'build') {
  db.exec(`drop table if exists fx`);
  const t0 = Date.now();
  db.exec(`create virtual table fx using fts5("customerCode","customerName","customerPhone","customerAddress","customerType",remark, content='customer_info', content_rowid='id', tokenize='trigram', detail=${mode})`);
  db.exec(`insert into fx(fx) values('rebuild')`);
  console.log('build', Date.now() - t0);
}
const time = (label: string, sql: string, ...p: unknown[]) => { const st = db.prepare(sql); st.all(...p); const t0=performance.now(); let r; for (let i=0;i<20;i++) r=st.all(...p); console.log(label, ((performance.now()-t0)/20).toFixed(2),'ms', JSON.stringify(r).slice(0,60)); };
for (const k of ['C00333333','C00000007','13263964027','田超杰','浦东新区张杨路']) {
  if (mode === "full") time(`phrase ${k}`, `select count(*) c from fx where fx match ?`, `"${k}"`);
  const tris = [...k].map((_, i, a) => a.slice(i, i + 3).join('')).filter((t) => [...t].length === 3);
  const uniq = [...new Set(tris)];
  time(`and ${k}`, `select count(*) c from fx where fx match ?`, uniq.map((t) => `"${t}"`).join(' AND '));
}
