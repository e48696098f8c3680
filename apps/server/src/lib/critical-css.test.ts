import { describe, expect, it } from 'vitest';
import { classesInMarkup, criticalCssOf } from './critical-css.js';

describe('the styles a rendered page carries inline', () => {
  const stylesheet = [
    '@layer theme,base,utilities;',
    '@layer base{*,:after{box-sizing:border-box}body{margin:0}[hidden]{display:none}}',
    '@layer utilities{.flex{display:flex}.grid{display:grid}.card .title{font-weight:600}',
    '.\\[content-visibility\\:auto\\]{content-visibility:auto}.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}}',
    '.btn:not(.btn-disabled):hover{color:red}.tab:where(.is-active){color:blue}.a,.b{margin:1px}',
    '@media (min-width:769px){.md\\:grid{display:grid}.flex{gap:2px}}',
    '@supports (display:grid){.grid{gap:1px}}',
    '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-x{syntax:"*";inherits:false}',
    ':root{--adm-color:#1677ff}',
  ].join('');
  const critical = criticalCssOf(stylesheet);

  it('keeps the rules whose classes the markup has, in their layers and media, and drops the rest', () => {
    const css = critical('<div class="flex card"><span class="title">x</span></div>');
    expect(css).toContain('.flex{display:flex}');
    expect(css).toContain('.card .title{font-weight:600}');
    expect(css).toContain('@media (min-width:769px){.flex{gap:2px}}');
    expect(css).not.toContain('.grid');
    expect(css).not.toContain('@supports');
    expect(css).not.toContain('.btn');
  });

  it('keeps what needs no class: the base layer, custom properties, keyframes, the layer order', () => {
    const css = critical('<p>no classes</p>');
    expect(css).toBe(
      '@layer theme,base,utilities;@layer base{*,:after{box-sizing:border-box}body{margin:0}[hidden]{display:none}}' +
        '@keyframes spin{to{transform:rotate(1turn)}}@property --tw-x{syntax:"*";inherits:false}:root{--adm-color:#1677ff}',
    );
  });

  it('reads escaped class names and entities in class attributes', () => {
    const css = critical('<ul><li class="[content-visibility:auto] [&amp;&gt;svg]:size-4"></li></ul>');
    expect(css).toContain('.\\[content-visibility\\:auto\\]{content-visibility:auto}');
    expect(css).toContain('.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}');
  });

  it('needs no class named inside :not() or :where(), and one selector of a list is enough', () => {
    expect(critical('<button class="btn"></button>')).toContain('.btn:not(.btn-disabled):hover{color:red}');
    expect(critical('<a class="tab"></a>')).toContain('.tab:where(.is-active){color:blue}');
    expect(critical('<i class="b"></i>')).toContain('.a,.b{margin:1px}');
  });

  it('keeps a rule whose selector it cannot read', () => {
    expect(criticalCssOf('!odd{color:red}.x{color:blue}')('<p></p>')).toBe('!odd{color:red}');
  });

  it('collects the classes of every class attribute', () => {
    expect([
      ...classesInMarkup('<a class="x  y"></a><b class=""></b><svg class="z"></svg><c data-class="no"></c>'),
    ]).toEqual(['x', 'y', 'z']);
  });
});
