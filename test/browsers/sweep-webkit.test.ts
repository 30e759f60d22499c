/** The sweep (sweep.ts) in WebKit: at a root font of 16 px, and the checks of no one root font. */
import { sweep } from './sweep.ts';

sweep('webkit', [16]);
