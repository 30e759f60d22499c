/** The sweep (sweep.ts) in WebKit at a root font of 20 px, beside sweep-webkit.test.ts: two files, two cores. */
import { sweep } from './sweep.ts';

sweep('webkit', [20], false);
