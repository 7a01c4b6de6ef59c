/**
 * Stripe's request bodies are form-encoded with bracketed keys (`line_items[0][price]=…`,
 * `metadata[userId]=7`). This turns such a body into the nested object Stripe reads from it.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

function pathOf(key: string): string[] {
  const [head, ...rest] = key.split('[');
  return [head!, ...rest.map((part) => part.replace(/]$/, ''))];
}

export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = pathOf(key);
    let node: FormObject | FormValue[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, FormValue>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(path[index + 1]!);
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as FormObject | FormValue[];
    });
  }
  return root;
}
