/**
 * The card's rules inside its frame (widget/card/styles.ts puts them after the frame's): the report's blocks,
 * the chart, the forecast's days, the links and the attribution's row, the messages, the skeleton.
 */
import { ATTRIBUTION } from '../shared-styles.ts';
import content from './content.css?raw';
import states from './states.css?raw';

export const CONTENT = content + ATTRIBUTION + states;
