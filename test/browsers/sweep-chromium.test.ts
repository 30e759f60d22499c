/** The sweep (sweep.ts) in chromium. */
import { sweep } from './sweep.ts';

sweep('chromium');
