/** The sweep (sweep.ts) in firefox. */
import { sweep } from './sweep.ts';

sweep('firefox');
