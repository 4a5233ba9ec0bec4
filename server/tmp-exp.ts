import fs from 'node:fs';
import Database from 'better-sqlite3';
import { migration } from '/work/wt-textindex/server/src/db/migrations/20261125041000_customer_add-text-index.ts';
const N = Number(process.argv[2] ?? 100000);
const file = `/tmp/ti/c${N}.sqlite`;
const fresh = !fs.existsSync(file);
const db = new Database(file);
if (fresh) {
  db.exec(`create table customer_info (id integer primary key autoincrement, "customerCode" varchar(32), "customerName" varchar(100), "customerPhone" varchar(20), "customerAddress" varchar(255), "customerType" varchar(50), remark varchar(500) not null default '')`);
  for (const s of migration.sql.sqlite) db.exec(s);
  const S='王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈', G='伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂华建国玉梅红云志文辉丹鹏斌飞宇浩凯鑫欣怡晨阳佳雪琳婷慧';
  const ins = db.prepare(`insert into customer_info ("customerCode","customerName","customerPhone","customerAddress","customerType",remark) values (?,?,?,?,?,?)`);
  const t0=Date.now();
  db.transaction(()=>{ for (let n=1;n<=N;n++) ins.run(`C${String(n).padStart(8,'0')}`, S[n%S.length]+G[Math.floor(n/7)%G.length]+G[Math.floor(n/13)%G.length], `1${[3,5,8][n%3]}${String((n*7919)%1e9).padStart(9,'0')}`, '上海市浦东新区张杨路'+(n%997)+'号', String(n%3), n%10?'':'老客户'); })();
  console.log('fill', Date.now()-t0);
}
const time = (label: string, sql: string, ...p: unknown[]) => { const st = db.prepare(sql); st.all(...p); const t0=performance.now(); let r; for (let i=0;i<20;i++) r=st.all(...p); console.log(label, ((performance.now()-t0)/20).toFixed(2),'ms', JSON.stringify(r).slice(0,80)); };
const kw = process.argv.slice(3);
for (const k of kw) {
  time(`fts ${k}`, `select count(*) c from customer_info_fts where customer_info_fts match ?`, `"${k}"`);
  time(`page ${k}`, `select a.* from customer_info a where a.id in (select rowid from customer_info_fts where customer_info_fts match ?) and (a."customerCode" like ? or a."customerName" like ? or a."customerPhone" like ?) order by a.id desc limit 20`, `"${k}"`, `%${k}%`,`%${k}%`,`%${k}%`);
}
