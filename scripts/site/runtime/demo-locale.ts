/**
 * On the demo page (`scripts/site/demo.ts`): the locale switcher sets the page's language and the `locale`
 * of every card and list on it.
 */
const select = document.getElementById('locale') as HTMLSelectElement | null;
if (select) {
  select.addEventListener('change', () => {
    document.documentElement.lang = select.value;
    for (const element of document.querySelectorAll('resort-conditions, resort-conditions-list'))
      element.setAttribute('locale', select.value);
  });
}
