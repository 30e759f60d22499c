/**
 * The report module: what the element needs once it knows which files to read, loaded beside the
 * snapshot's index so that the script a page waits for holds only the element, its styles and the
 * skeleton. A chunk of the bundle, like the languages.
 */
export { loadResort } from './files.ts';
export { renderReport } from './render/report.ts';
export { reportView } from './state.ts';
