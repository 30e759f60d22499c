/**
 * Functions about `<resort-conditions-list>` that run inside a page (each self-contained: a driver sends its
 * source, not its module), for the list's tests and the partner pages'.
 */

/**
 * In the page: for every `<resort-conditions-list>`, each figure, state or day that is cut by its cell or
 * wraps (a figure on one line with its unit); in a table, a header cut or not over its column (within 1 px);
 * in stacked rows, a sort button shown, or a select not shown, without its label, wider than 16em of its text
 * or too narrow for an option; a row or the attribution cut by the frame, and every link, button and select
 * under 24 px tall. Named by the `data-where` of the list's wrapper.
 */
export function listProblems(): string[] {
  const out: string[] = [];
  const text = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ');
  for (const el of document.querySelectorAll('resort-conditions-list')) {
    const root = el.shadowRoot;
    if (!root) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${el.getAttribute('locale') ?? ''} ${Math.round(el.getBoundingClientRect().width)}px`;
    const table = root.querySelector('table');
    const stacked = !!table && getComputedStyle(table).display !== 'table';
    for (const v of root.querySelectorAll('.fig, td.status .clamp, td.date time, td.date .warning')) {
      const box = v.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(v).display === 'none') continue;
      const cell = v.closest('td, th')!.getBoundingClientRect();
      if (box.right > cell.right + 0.5 || box.left < cell.left - 0.5)
        out.push(`${where}: "${text(v)}" runs ${(box.right - cell.right).toFixed(1)} px past its cell`);
      if (box.bottom > cell.bottom + 0.5)
        out.push(
          `${where}: "${text(v)}" is cut ${(box.bottom - cell.bottom).toFixed(1)} px at the bottom of its cell`,
        );
      if (v.scrollWidth > v.clientWidth + 1 && getComputedStyle(v).display !== 'inline')
        out.push(`${where}: "${text(v)}" is cut inside (${v.scrollWidth - v.clientWidth} px)`);
      if (v.scrollHeight > v.clientHeight + 1 && getComputedStyle(v).display !== 'inline')
        out.push(`${where}: "${text(v)}" is cut below (${v.scrollHeight - v.clientHeight} px)`);
      if (v.classList.contains('fig')) {
        const tops = new Set(
          [...v.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top / 4)),
        );
        const range = document.createRange();
        range.selectNodeContents(v);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top / 4));
        if (tops.size > 1) out.push(`${where}: "${text(v)}" wraps`);
      }
    }
    const heads = [...root.querySelectorAll<HTMLElement>('thead th:not(.pick)')];
    const control = root.querySelector<HTMLElement>('thead .pick select, thead .pick .sort');
    const shown = (e: Element) =>
      e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    if (!stacked) {
      // a table: its headers, each whole and over its column (within 1 px), and no select
      if (control && shown(control)) out.push(`${where}: the table shows the stacked rows' select`);
      for (const [i, th] of heads.entries()) {
        if (th.scrollWidth > th.clientWidth + 1 || th.scrollHeight > th.clientHeight + 1)
          out.push(
            `${where}: the header "${text(th)}" is cut (${th.scrollWidth}x${th.scrollHeight} in ${th.clientWidth}x${th.clientHeight})`,
          );
        for (const button of th.querySelectorAll('button'))
          if (button.scrollWidth > button.clientWidth + 1)
            out.push(`${where}: the sort button "${text(button)}" is cut inside`);
        const h = th.getBoundingClientRect();
        for (const row of root.querySelectorAll('tbody tr[data-id]')) {
          const cell = row.children[i]?.getBoundingClientRect();
          if (cell && Math.abs(cell.left - h.left) <= 1 && Math.abs(cell.right - h.right) <= 1) continue;
          out.push(
            `${where}: the header "${text(th)}" (${h.left.toFixed(1)}–${h.right.toFixed(1)} px) is not over its column (${cell ? `${cell.left.toFixed(1)}–${cell.right.toFixed(1)} px` : 'no cell'})`,
          );
          break;
        }
      }
    } else if (heads.length) {
      // stacked rows: the header is one labelled select, at most 16em of its text, each option whole in it
      const buttons = heads.filter(shown);
      if (buttons.length) out.push(`${where}: the stacked rows show ${buttons.length} sort buttons`);
      if (!control || !shown(control)) out.push(`${where}: the stacked rows show no select`);
      else if (control instanceof HTMLSelectElement) {
        if (!control.closest('label')?.textContent?.trim()) out.push(`${where}: the select has no label`);
        const cs = getComputedStyle(control);
        const r = control.getBoundingClientRect();
        const em = parseFloat(cs.fontSize);
        if (r.width > 16 * em + 0.5)
          out.push(`${where}: the select is ${(r.width / em).toFixed(2)}em wide, more than 16em`);
        const room =
          r.width -
          ['borderLeftWidth', 'borderRightWidth', 'paddingLeft', 'paddingRight']
            .map((p) => parseFloat(cs[p as 'paddingLeft']))
            .reduce((a, b) => a + b, 0);
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
        for (const p of ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'letterSpacing'] as const)
          probe.style[p] = cs[p];
        control.parentElement!.append(probe);
        for (const option of control.options) {
          probe.textContent = option.text;
          const width = probe.getBoundingClientRect().width;
          if (width > room + 0.5)
            out.push(
              `${where}: the option "${option.text}" is cut in the select (${width.toFixed(1)} px in ${room.toFixed(1)})`,
            );
        }
        probe.remove();
      }
    }
    const box = root.querySelector('.table-box')?.getBoundingClientRect();
    const rows = root.querySelectorAll('tbody tr');
    const last = rows[rows.length - 1]?.getBoundingClientRect();
    if (box && last && last.bottom > box.bottom + 0.5)
      out.push(`${where}: the last row is cut ${(last.bottom - box.bottom).toFixed(1)} px`);
    const frame = root.querySelector('.frame')?.getBoundingClientRect();
    const foot = root.querySelector('.attribution')?.getBoundingClientRect();
    if (frame && foot && foot.bottom > frame.bottom + 0.5)
      out.push(`${where}: the attribution is cut ${(foot.bottom - frame.bottom).toFixed(1)} px`);
    for (const t of root.querySelectorAll('a, button, select')) {
      const r = t.getBoundingClientRect();
      if ((r.width > 0 || r.height > 0) && r.height < 24 - 0.01)
        out.push(`${where}: "${text(t)}" is ${r.height.toFixed(1)} px tall`);
    }
  }
  return out;
}

/**
 * In the page: what of each list's lines and sort select would not show under forced colours or on paper,
 * where a shadow or a background is left out: a row's line, or the header's, that is no solid bottom border of
 * 1 px or more in a colour other than the frame's background (a table's on each of its cells, stacked rows'
 * and header's on the row's and the header's box), and, in stacked rows, a select that is not shown, has no
 * solid border, or draws its text in its background's colour.
 */
export function listDrawn(): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll('resort-conditions-list')) {
    const root = el.shadowRoot;
    const frame = root?.querySelector<HTMLElement>('.frame');
    if (!root || !frame) continue;
    const where =
      el.closest<HTMLElement>('[data-where]')?.dataset.where ??
      `${Math.round(el.getBoundingClientRect().width)}px ${el.getAttribute('region') ?? el.getAttribute('resorts')}`;
    const bg = getComputedStyle(frame).backgroundColor;
    const drawn = (e: Element, side: 'Top' | 'Bottom') => {
      const cs = getComputedStyle(e);
      return (
        parseFloat(cs[`border${side}Width`]) >= 1 &&
        cs[`border${side}Style`] === 'solid' &&
        cs[`border${side}Color`] !== bg
      );
    };
    const table = getComputedStyle(root.querySelector('table')!).display === 'table';
    const rows = [...root.querySelectorAll('tbody tr[data-id]')];
    if (!rows.length) out.push(`${where}: no rows`);
    for (const row of [root.querySelector('thead tr')!, ...rows]) {
      const carriers = table
        ? [...row.children].filter((c) => c.getClientRects().length > 0)
        : [row.closest('thead') ?? row];
      if (!carriers.length || !carriers.every((c) => drawn(c, 'Bottom')))
        out.push(`${where}: the line under ${row.getAttribute('data-id') ?? 'the header'} is not drawn`);
    }
    if (table) continue;
    const select = root.querySelector('thead .pick select');
    if (!select || select.getClientRects().length === 0) out.push(`${where}: no select shown`);
    else {
      const cs = getComputedStyle(select);
      if (!drawn(select, 'Top') || !drawn(select, 'Bottom')) out.push(`${where}: the select has no border`);
      if (cs.color === cs.backgroundColor || cs.color === bg)
        out.push(`${where}: the select's text is in its background's colour`);
    }
  }
  return out;
}

/**
 * In the page: every column header word broken across lines other than at a soft hyphen (U+00AD) or after a
 * hard one, and every header cut: the table's headers, and in stacked rows each figure's label. Two
 * letters of a word on different lines are a break; each letter's line is the top of its own glyph.
 */
export function headerProblems(): string[] {
  const out: string[] = [];
  for (const el of document.querySelectorAll('resort-conditions-list')) {
    const where = el.closest<HTMLElement>('[data-where]')?.dataset.where ?? '';
    const root = el.shadowRoot!;
    const texts = [
      ...root.querySelectorAll<HTMLElement>(
        'thead th :is(button, .sort) > span:not(.arrow, .visually-hidden), tbody tr[data-id] .label',
      ),
    ];
    for (const span of texts) {
      if (span.getClientRects().length === 0) continue;
      if (span.classList.contains('label') && span.scrollWidth > span.clientWidth)
        out.push(`${where}: the label "${span.textContent}" is cut`);
      for (const node of span.childNodes) {
        if (!(node instanceof Text)) continue;
        const s = node.data;
        const line = (i: number) => {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const glyph = [...range.getClientRects()].sort((a, b) => b.width - a.width)[0];
          return glyph && glyph.width > 0 ? Math.round(glyph.top) : undefined;
        };
        for (const word of s.matchAll(/\S+/g)) {
          let last: number | undefined;
          let allowed = false;
          for (let i = word.index; i < word.index + word[0].length; i++) {
            if (s[i] === '\u00ad') {
              allowed = true;
              continue;
            }
            const top = line(i);
            if (top === undefined) continue;
            if (last !== undefined && top !== last && !allowed)
              out.push(
                `${where}: "${word[0].replace(/\u00ad/g, '')}" breaks before "${s.slice(i, word.index + word[0].length).replace(/\u00ad/g, '')}"`,
              );
            last = top;
            allowed = s[i] === '-';
          }
        }
      }
    }
  }
  return out;
}

/** In the page: the column of each row's figure `i` (0: name), in the first list. */
export function column(i: number): string[] {
  const root = document.querySelector('resort-conditions-list')!.shadowRoot!;
  return [...root.querySelectorAll('tbody tr')].map((r) =>
    (r.querySelectorAll('th, td')[i]!.querySelector('.fig, .clamp') ?? r).textContent!.trim(),
  );
}

/**
 * In the page: where the focus is, inside the list: the control (a header's button or the stacked rows'
 * select), its text (a select's: its selected option's) and its cell's aria-sort.
 */
export function focused() {
  const inner = document.activeElement?.shadowRoot?.activeElement;
  const th = inner?.closest('th');
  return {
    control: inner?.localName ?? null,
    text:
      (inner instanceof HTMLSelectElement ? inner.selectedOptions[0]?.text : inner?.textContent?.trim()) ??
      null,
    sort: th?.getAttribute('aria-sort') ?? null,
  };
}

/**
 * In the page: the first list sorted by its header's buttons and the second by its select, each order of the
 * select's in turn (a button pressed until its column is sorted that way): each pair whose rows differ.
 */
export async function selectAsButtons(): Promise<string[]> {
  type List = HTMLElement & { updateComplete: Promise<unknown> };
  const [buttons, picked] = [...document.querySelectorAll<List>('resort-conditions-list')] as [List, List];
  const ids = (el: List) =>
    [...el.shadowRoot!.querySelectorAll('tbody tr[data-id]')].map((r) => r.getAttribute('data-id')).join();
  const select = picked.shadowRoot!.querySelector<HTMLSelectElement>('thead .pick select')!;
  const heads = [...buttons.shadowRoot!.querySelectorAll('thead th:not(.pick)')];
  const out: string[] = [];
  for (const [i, value] of [...select.options].map((o) => o.value).entries()) {
    select.value = value;
    select.dispatchEvent(new Event('change'));
    await picked.updateComplete;
    const th = heads[Math.floor(i / 2)]!;
    for (let n = 0; n < 2 && th.getAttribute('aria-sort') !== value.split(' ')[1]; n++) {
      th.querySelector('button')!.click();
      await buttons.updateComplete;
    }
    if (ids(picked) !== ids(buttons) || select.value !== value)
      out.push(`${value}: ${ids(picked)} (${select.value} selected), the buttons' ${ids(buttons)}`);
  }
  return out;
}
