/** What a location is found by: its name, its denomination, its address. */
export interface SearchableLocation {
  name: string;
  denomination?: string | null;
  address?: string | null;
}

/** Lower case without accents: « Évry » is found by « evry ». */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const texts = new WeakMap<object, string>();

const searchTextOf = (location: SearchableLocation): string => {
  let text = texts.get(location);
  if (text === undefined) {
    text = foldForSearch([location.name, location.denomination, location.address].filter(Boolean).join(' '));
    texts.set(location, text);
  }
  return text;
};

/**
 * Whether a location answers a search: every word of the search is in its name, denomination or
 * address, in any order (« lyon gare » finds « Agence Gare Part-Dieu, 5 place Béraudier, Lyon »).
 * An empty search matches nothing: the caller shows the whole tree instead.
 */
export const locationMatcher = (query: string): ((location: SearchableLocation) => boolean) => {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => false;
  return (location) => {
    const text = searchTextOf(location);
    return words.every((word) => text.includes(word));
  };
};
