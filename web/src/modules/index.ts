import { installBase } from './base';
import { installCustomer } from './customer';
import { installDemo } from './demo';
import { installDict } from './dict';
import { installHelper } from './helper';
import { installPlugin } from './plugin';
import { installRecycle } from './recycle';
import { installSpace } from './space';
import { installTask } from './task';
import { installUser } from './user';

/** Every module's registrations (views, fixed routes, texts, extensions), in order. */
export function installModules() {
  installBase();
  installCustomer();
  installDemo();
  installDict();
  installHelper();
  installPlugin();
  installRecycle();
  installSpace();
  installTask();
  installUser();
}
