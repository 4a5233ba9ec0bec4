import { asLoose, type Db, type DbKind, formatTime, insertReturningId } from '../../core/db/index.js';

type StarterItem = { name: string; value: string; remark?: string; children?: StarterItem[] };
/** A dictionary type with its items, as a module seeds it. */
export type StarterDictionary = { key: string; name: string; items: StarterItem[] };

/**
 * The dictionaries a new install starts with. `goodsType` labels the demo goods' type (its values
 * are numbers, as the goods store them); the others are what a store network's screens ask for.
 */
export const STARTER_DICTIONARIES: readonly StarterDictionary[] = [
  {
    key: 'goodsType',
    name: '商品分类',
    items: [
      {
        name: '生鲜',
        value: '1',
        children: [
          { name: '水果', value: '11' },
          { name: '蔬菜', value: '12' },
          { name: '肉禽蛋', value: '13' },
        ],
      },
      {
        name: '食品饮料',
        value: '2',
        children: [
          { name: '休闲零食', value: '21' },
          { name: '酒水饮料', value: '22' },
        ],
      },
      { name: '日用百货', value: '3' },
      { name: '个护美妆', value: '4' },
      { name: '家电数码', value: '5' },
    ],
  },
  {
    key: 'storeType',
    name: '门店类型',
    items: [
      { name: '直营店', value: 'direct' },
      { name: '加盟店', value: 'franchise' },
      { name: '社区店', value: 'community' },
      { name: '旗舰店', value: 'flagship' },
    ],
  },
  {
    key: 'paymentMethod',
    name: '支付方式',
    items: [
      { name: '现金', value: 'cash' },
      { name: '微信支付', value: 'wechat' },
      { name: '支付宝', value: 'alipay' },
      { name: '银行卡', value: 'card' },
      { name: '会员储值', value: 'stored', remark: '会员卡余额支付' },
    ],
  },
  {
    key: 'customerSource',
    name: '客户来源',
    items: [
      { name: '到店自然客流', value: 'walkIn' },
      { name: '老客户转介绍', value: 'referral' },
      { name: '电话邀约', value: 'phone' },
      { name: '线上活动', value: 'online' },
    ],
  },
];

/**
 * The starter dictionaries, into an empty dictionary: a new install gets them. It runs once (a seed
 * step), so a dictionary an operator deletes later does not come back; an install that already has
 * dictionaries (release 0.1.0 made them with its tables) keeps exactly what it has.
 */
export async function insertStarterDictionaries(trx: Db, kind: DbKind): Promise<void> {
  if (await asLoose(trx).selectFrom('dict_type').select('id').limit(1).executeTakeFirst()) return;
  await insertDictionaries(trx, kind, STARTER_DICTIONARIES);
}

/**
 * Dictionary types with their items, each one whose key the install does not have yet (another
 * module's dictionaries, added by its seed step; a type the operator already made stays theirs).
 */
export async function insertDictionaries(trx: Db, kind: DbKind, types: readonly StarterDictionary[]): Promise<void> {
  const db = asLoose(trx);
  const now = formatTime();
  const insertItems = async (typeId: number, items: readonly StarterItem[], parentId: number | null) => {
    for (const [index, item] of items.entries()) {
      const id = await insertReturningId(db, kind, 'dict_info', {
        typeId,
        name: item.name,
        value: item.value,
        orderNum: index + 1,
        remark: item.remark ?? null,
        parentId,
        createTime: now,
        updateTime: now,
      });
      if (item.children) await insertItems(typeId, item.children, id);
    }
  };
  for (const type of types) {
    const taken = await db.selectFrom('dict_type').select('id').where('key', '=', type.key).executeTakeFirst();
    if (taken) continue;
    const typeId = await insertReturningId(db, kind, 'dict_type', {
      name: type.name,
      key: type.key,
      createTime: now,
      updateTime: now,
    });
    await insertItems(typeId, type.items, null);
  }
}
