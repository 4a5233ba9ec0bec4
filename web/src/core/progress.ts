import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120 });

let active = 0;

/** The top progress bar, shared by overlapping requests. */
export const progress = {
  start() {
    active += 1;
    if (active === 1) NProgress.start();
  },
  done() {
    active = Math.max(0, active - 1);
    if (active === 0) NProgress.done();
  },
};
