/**
 * The season chart's room in the shadow root (`season`, widget/README.md, "Season chart"): the room on a full
 * card with the attribute (room.css, which the room a page reserves shares: scripts/tooling/reservations.ts)
 * and the chart's block in it (room-block.css). This module is in the card's script and its style sheet; the
 * chart is a chunk of its own (chart.ts).
 */
import room from './room.css?raw';
import block from './room-block.css?raw';

export const SEASON_FRAME = room + block;
