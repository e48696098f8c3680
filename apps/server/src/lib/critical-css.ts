import postcss, { type ChildNode, type Container } from 'postcss';
import selectorParser from 'postcss-selector-parser';

/*
 * The styles a server-rendered page carries inline (decision 015): of the build's stylesheets,
 * the rules its markup can use. The stylesheet is read into pieces once at start-up; a page then
 * costs one scan of its class attributes and a walk over the pieces.
 *
 * A rule is kept when one of its selectors names only classes the page has (outside `:not()`,
 * `:where()` and the other functional pseudo-classes, which never require a class to be present)
 * or names none at all (`body`, `:root`, `[hidden]`). That keeps more than a DOM match would
 * (`.a .b` stays when .a and .b are on unrelated elements) and never less, so the page looks the
 * same before its code switches the whole stylesheet on.
 */

type Piece =
  | { kind: 'always'; text: string }
  | { kind: 'rule'; text: string; selectors: readonly (readonly string[])[] }
  | { kind: 'group'; open: string; pieces: Piece[] };

/** Grouping at-rules whose rules are chosen one by one; any other at-rule is kept whole. */
const groupingAtRules = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style']);

/**
 * The classes each selector of a list needs, outside functional pseudo-classes; a selector the
 * parser cannot read needs none (its rule is kept).
 */
function classesPerSelector(selector: string): string[][] {
  const lists: string[][] = [];
  const collect = selectorParser((root) => {
    root.each((single) => {
      const classes: string[] = [];
      single.walkClasses((node) => {
        for (let parent = node.parent; parent; parent = parent.parent) {
          if (parent.type === 'pseudo') return;
        }
        classes.push(node.value);
      });
      lists.push(classes);
    });
  });
  try {
    collect.processSync(selector);
  } catch {
    return [[]];
  }
  return lists;
}

function piecesOf(container: Container<ChildNode>): Piece[] {
  const pieces: Piece[] = [];
  container.each((node) => {
    if (node.type === 'rule') {
      const selectors = classesPerSelector(node.selector);
      pieces.push(
        selectors.some((classes) => classes.length === 0)
          ? { kind: 'always', text: node.toString() }
          : { kind: 'rule', text: node.toString(), selectors },
      );
    } else if (node.type === 'atrule' && node.nodes && groupingAtRules.has(node.name)) {
      pieces.push({
        kind: 'group',
        open: `@${node.name}${node.params ? ` ${node.params}` : ''}{`,
        pieces: piecesOf(node),
      });
    } else if (node.type === 'atrule') {
      // A statement (`@layer a,b;`) leaves its semicolon to the parent's raws.
      pieces.push({ kind: 'always', text: node.nodes ? node.toString() : `${node.toString()};` });
    } else if (node.type !== 'comment') {
      pieces.push({ kind: 'always', text: node.toString() });
    }
  });
  return pieces;
}

function keptText(pieces: readonly Piece[], pageClasses: ReadonlySet<string>): string {
  let text = '';
  for (const piece of pieces) {
    if (piece.kind === 'always') text += piece.text;
    else if (piece.kind === 'rule') {
      if (piece.selectors.some((classes) => classes.every((name) => pageClasses.has(name)))) text += piece.text;
    } else {
      const inner = keptText(piece.pieces, pageClasses);
      if (inner) text += `${piece.open}${inner}}`;
    }
  }
  return text;
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** The class names in a page's markup, as its class attributes spell them (entities decoded). */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of value.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => entities[entity]!).split(/\s+/)) {
      if (name) classes.add(name);
    }
  }
  return classes;
}

/** Reads a stylesheet once; the function answers the part of it a page's markup can use. */
export function criticalCssOf(stylesheet: string): (html: string) => string {
  const pieces = piecesOf(postcss.parse(stylesheet));
  return (html) => keptText(pieces, classesInMarkup(html));
}
