/**
 * The custom-elements manifest of the elements in `widget/` (`widget/custom-elements.json`), made by
 * @custom-elements-manifest/analyzer from the elements' JSDoc: `npm run manifest` writes it, and
 * test/widget/manifest.test.ts checks that it is current. Every module directly in `widget/`, `widget/card/`
 * and `widget/list/` is read, so a `customElements.define` call in one (`define.ts`) gives the class of another its tag; the manifest keeps
 * the modules that declare an element with a tag (not the elements' shared base, widget/element.ts, whose
 * members each element lists as inherited), and in them only what they export.
 */
export default {
  globs: ['widget/*.ts', 'widget/card/*.ts', 'widget/list/*.ts'],
  outdir: 'widget',
  packagejson: false,
  plugins: [
    {
      name: 'element modules only',
      packageLinkPhase({ customElementsManifest }) {
        const elements = customElementsManifest.modules.filter((module) =>
          module.declarations?.some((d) => d.customElement && d.tagName),
        );
        for (const module of elements) {
          const exported = new Set(module.exports?.map((e) => e.declaration.name));
          module.declarations = module.declarations?.filter((d) => exported.has(d.name));
        }
        customElementsManifest.modules = elements;
      },
    },
  ],
};
