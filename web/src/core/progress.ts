import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The bar is decoration (the screens say what is loading): hidden from readers, and without
// nprogress's own `role="bar"`, which is no ARIA role.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

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
