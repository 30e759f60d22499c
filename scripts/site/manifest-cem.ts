/**
 * The custom-elements manifest (`widget/custom-elements.json`), made from the element's JSDoc: `@fires`,
 * `@slot`, `@csspart`, `@cssprop` on the class and the one-sentence comments on its public fields.
 */

interface Member {
  name: string;
  attribute?: string;
  type: string;
  default: string;
  description: string;
}

const ATTRIBUTES: Record<string, string> = { outdatedAfter: 'outdated-after' };

export function customElementsManifest(source: string): object {
  const classDoc = /\/\*\*([\s\S]*?)\*\/\s*import/.exec(source)?.[1] ?? '';
  const tags = (tag: string) =>
    [...classDoc.matchAll(new RegExp(`@${tag}\\s+(\\S*)\\s*-\\s*(.*)`, 'g'))].map((m) => ({ name: m[1] === '-' ? '' : m[1]!, description: m[2]!.trim() }));
  const summary = classDoc
    .split('\n')
    .map((l) => l.replace(/^\s*\*\s?/, ''))
    .filter((l) => l && !l.startsWith('@'))
    .join(' ')
    .trim();
  const members: Member[] = [];
  for (const m of source.matchAll(/\/\*\* ([^*]+?) \*\/\n\s+(\w+)(?:: ([^=]+))? = ([^;]+);/g)) {
    const [, description, name, type, value] = m as unknown as [string, string, string, string | undefined, string];
    if (name === 'now' || name === 'fetcher') continue;
    const inferred = type?.trim() ?? (/^['"]/.test(value) ? 'string' : /^\d/.test(value) ? 'number' : 'unknown');
    members.push({ name, attribute: ATTRIBUTES[name] ?? name, type: inferred, default: value.trim(), description: description.trim() });
  }
  return {
    schemaVersion: '2.0.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: 'widget/resort-conditions.ts',
        declarations: [
          {
            kind: 'class',
            name: 'ResortConditions',
            tagName: 'resort-conditions',
            customElement: true,
            description: summary,
            superclass: { name: 'LitElement', package: 'lit' },
            attributes: members.map((m) => ({ name: m.attribute, type: { text: m.type }, default: m.default, description: m.description, fieldName: m.name })),
            members: [
              ...members.map((m) => ({ kind: 'field', name: m.name, type: { text: m.type }, default: m.default, description: m.description, attribute: m.attribute })),
              { kind: 'method', name: 'reload', description: 'Loads (again) the files of the current resort and locale.' },
            ],
            events: tags('fires').map((t) => ({ name: t.name, type: { text: 'CustomEvent' }, description: t.description })),
            slots: tags('slot').map((t) => ({ name: t.name, description: t.description })),
            cssParts: tags('csspart').map((t) => ({ name: t.name, description: t.description })),
            cssProperties: tags('cssprop').map((t) => ({ name: t.name, description: t.description })),
          },
        ],
        exports: [{ kind: 'js', name: 'ResortConditions', declaration: { name: 'ResortConditions', module: 'widget/resort-conditions.ts' } }],
      },
      {
        kind: 'javascript-module',
        path: 'widget/define.ts',
        exports: [{ kind: 'custom-element-definition', name: 'resort-conditions', declaration: { name: 'ResortConditions', module: 'widget/resort-conditions.ts' } }],
      },
    ],
  };
}
