import { type Label, type Locale, label } from '@backroom/contract';
import type { AnySelect } from '../../core/crud/query.js';
import { MAIN } from '../../core/crud/query.js';
import { asLoose, type Db, type DbKind, formatTime, insertReturningId } from '../../core/db/index.js';

/** The page, list and info views add the owner's nickname. */
export function joinOwnerNickName(qb: AnySelect): AnySelect {
  return qb.leftJoin('base_sys_user as u', 'u.id', `${MAIN}.userId`).select('u.nickName as nickName');
}

/** The goods rows of the tenant demo's `noTenant`: a query on an entity kept without tenants. */
export function listGoodsTitles(db: Db, limit: number) {
  return asLoose(db)
    .selectFrom('demo_goods')
    .select(['id', 'title', 'createTime'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute() as Promise<{ id: number; title: string; createTime: string }[]>;
}

type StarterGoods = { title: Label; price: number; type: number; stock: number; status: 0 | 1; description: Label };

/** A few goods a new install's CRUD demo starts with, named in every language (SEED_LOCALE picks one). */
const STARTER_GOODS: readonly StarterGoods[] = [
  {
    title: label('红富士苹果 5 斤装', '紅富士蘋果 5 斤裝', 'Fuji apples, 2.5 kg'),
    price: 39.9,
    type: 11,
    stock: 120,
    status: 1,
    description: label(
      '<p>产地直发，<strong>脆甜多汁</strong>。</p>',
      '<p>產地直送，<strong>脆甜多汁</strong>。</p>',
      '<p>Straight from the orchard, <strong>crisp and juicy</strong>.</p>',
    ),
  },
  {
    title: label('有机小番茄 500 克', '有機小番茄 500 克', 'Organic cherry tomatoes, 500 g'),
    price: 12.5,
    type: 12,
    stock: 60,
    status: 1,
    description: label('<p>当日采摘。</p>', '<p>當日採摘。</p>', '<p>Picked the same day.</p>'),
  },
  {
    title: label('气泡矿泉水 24 瓶', '氣泡礦泉水 24 瓶', 'Sparkling water, 24 bottles'),
    price: 68,
    type: 22,
    stock: 0,
    status: 0,
    description: label('<p>补货中。</p>', '<p>補貨中。</p>', '<p>Back in stock soon.</p>'),
  },
];

/** Seeds the starter goods into an install without any (an install with goods of its own keeps them). */
export async function insertStarterGoods(trx: Db, kind: DbKind, locale: Locale): Promise<void> {
  const db = asLoose(trx);
  if (await db.selectFrom('demo_goods').select('id').limit(1).executeTakeFirst()) return;
  const admin = await db.selectFrom('base_sys_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  const now = formatTime();
  for (const goods of STARTER_GOODS) {
    await insertReturningId(db, kind, 'demo_goods', {
      title: goods.title[locale],
      price: goods.price,
      description: goods.description[locale],
      mainImage: null,
      type: goods.type,
      status: goods.status,
      exampleImages: null,
      stock: goods.stock,
      userId: admin?.id ?? null,
      createTime: now,
      updateTime: now,
    });
  }
}
