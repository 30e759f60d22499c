/**
 * Where the list is a table rather than stacked rows: 60em (900 px at the default 15 px), where the state's
 * column holds the longest state of every language on two lines ("Chiuso temporaneamente": 131 px at 14 px)
 * and the name's column keeps about 11em. The frame's height changes there too (geometry.css, which
 * test/widget/list.test.ts holds to this value).
 */
export const TABLE_FROM = '60em';
