import { installBase } from './base';
import { installDemo } from './demo';
import { installDict } from './dict';
import { installRecycle } from './recycle';
import { installSpace } from './space';
import { installTask } from './task';

/** Every module's registrations (views, fixed routes, texts, extensions), in order. */
export function installModules() {
  installBase();
  installDemo();
  installDict();
  installRecycle();
  installSpace();
  installTask();
}
