import type { QuizType } from '@school/contract/enums';
import type { LocalizedText } from '../lib/localized-text.js';
import type { QuestionAnswer, QuestionOption } from './schema.js';

/*
 * The demo school's question banks: one paper per seeded exam and per homework, as data only
 * (seed-exams.ts writes them and the attempts on them). Each paper mixes the five quiz types on
 * the subject of its exam, in both languages; the points of a paper add up to its exam's total
 * score. Stems are rich text: a fill-blank stem marks each blank with `{{blank}}` and its answer
 * lists the accepted texts of each blank (compared trimmed, without case, full-width characters
 * as their half-width forms: "ＷＨＥＲＥ" and "where" both match "WHERE").
 */

export interface QuestionSeed {
  type: QuizType;
  stem: LocalizedText;
  options: QuestionOption[];
  answer: QuestionAnswer;
  explanation: LocalizedText;
  /** The question's points in its paper (paper_questions.score). */
  points: number;
}

const t = (cn: string, en: string): LocalizedText => ({ cn, en });
/** A text that reads the same in both languages (code, numbers, words of the language taught). */
const same = (text: string): LocalizedText => t(text, text);

const choiceKeys = ['A', 'B', 'C', 'D'] as const;
type ChoiceKey = (typeof choiceKeys)[number];

const lettered = (texts: LocalizedText[]): QuestionOption[] => {
  if (texts.length !== choiceKeys.length) throw new Error('seed: a select question has four options, A to D');
  return texts.map((text, i) => ({ key: choiceKeys[i]!, text }));
};

function single(
  points: number,
  stem: LocalizedText,
  options: LocalizedText[],
  right: ChoiceKey,
  explanation: LocalizedText,
): QuestionSeed {
  return {
    type: 'SINGLE_SELECT',
    stem,
    options: lettered(options),
    answer: { kind: 'CHOICE', keys: [right] },
    explanation,
    points,
  };
}

function multi(
  points: number,
  stem: LocalizedText,
  options: LocalizedText[],
  right: ChoiceKey[],
  explanation: LocalizedText,
): QuestionSeed {
  if (right.length < 2) throw new Error('seed: a multi-select question has several right options');
  return {
    type: 'MULTI_SELECT',
    stem,
    options: lettered(options),
    answer: { kind: 'CHOICE', keys: right },
    explanation,
    points,
  };
}

/** True/false: the options are keyed "true" and "false", shown as 对 / 错 and True / False. */
export const trueFalseOptions: QuestionOption[] = [
  { key: 'true', text: t('对', 'True') },
  { key: 'false', text: t('错', 'False') },
];

function trueOrFalse(points: number, stem: LocalizedText, right: boolean, explanation: LocalizedText): QuestionSeed {
  return {
    type: 'TRUE_OR_FALSE',
    stem,
    options: trueFalseOptions,
    answer: { kind: 'CHOICE', keys: [String(right)] },
    explanation,
    points,
  };
}

export const blankMarker = '{{blank}}';
const blankCount = (text: string) => text.split(blankMarker).length - 1;

/** `accepted[i]` lists the texts accepted in blank i; both stems must have one marker per blank. */
function fillBlank(
  points: number,
  stem: LocalizedText,
  accepted: string[][],
  explanation: LocalizedText,
): QuestionSeed {
  if (blankCount(stem.cn) !== accepted.length || blankCount(stem.en) !== accepted.length) {
    throw new Error(`seed: a fill-blank stem needs ${accepted.length} blank markers: ${stem.en}`);
  }
  return { type: 'FILL_BLANK', stem, options: [], answer: { kind: 'BLANKS', accepted }, explanation, points };
}

/** Ask-and-answer: a reviewer scores it; `reference` is the model answer shown to them (and later the learner). */
function ask(points: number, stem: LocalizedText, reference: LocalizedText, explanation: LocalizedText): QuestionSeed {
  return {
    type: 'ASK_AND_ANSWER',
    stem,
    options: [],
    answer: { kind: 'REFERENCE', text: reference },
    explanation,
    points,
  };
}

/** Exam papers by exam uid. */
export const examPapers: Record<string, QuestionSeed[]> = {
  'js-fundamentals-exam': [
    single(
      10,
      t('<p><code>typeof null</code> 的结果是什么？</p>', '<p>What does <code>typeof null</code> return?</p>'),
      [same('"object"'), same('"null"'), same('"undefined"'), same('"number"')],
      'A',
      t(
        '这是 JavaScript 最早实现遗留下来的问题：null 被当作空对象指针，所以 typeof 返回 "object"。判断 null 请直接写 <code>value === null</code>。',
        'A leftover from the first implementation of JavaScript: null was treated as an empty object pointer, so typeof says "object". Test for null with <code>value === null</code>.',
      ),
    ),
    single(
      10,
      t(
        '<p>哪个关键字声明的变量是块级作用域、并且不能重新赋值？</p>',
        '<p>Which keyword declares a block-scoped variable that cannot be reassigned?</p>',
      ),
      [same('var'), same('let'), same('const'), same('function')],
      'C',
      t(
        'const 和 let 都是块级作用域，但 const 声明后不能再赋值（它指向的对象仍然可以修改）。var 是函数作用域。',
        'const and let are both block-scoped, but a const binding cannot be reassigned (an object it holds can still change). var is function-scoped.',
      ),
    ),
    single(
      10,
      t(
        '<p><code>[1, 2, 3].map((x) =&gt; x * 2)</code> 返回什么？</p>',
        '<p>What does <code>[1, 2, 3].map((x) =&gt; x * 2)</code> return?</p>',
      ),
      [same('[2, 4, 6]'), same('12'), same('[1, 2, 3]'), same('undefined')],
      'A',
      t(
        'map 对每个元素调用回调，用返回值组成一个新数组，原数组保持不变。',
        'map calls the callback on every element and returns a new array of the results; the original array is unchanged.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些值在条件判断中被当作假值（falsy）？</p>', '<p>Which of these values are falsy?</p>'),
      [same('0'), t('""（空字符串）', '"" (an empty string)'), same('"0"'), t('[]（空数组）', '[] (an empty array)')],
      ['A', 'B'],
      t(
        'JavaScript 的假值只有 false、0、-0、0n、""、null、undefined 和 NaN。非空字符串 "0" 和空数组都是真值。',
        'The only falsy values are false, 0, -0, 0n, "", null, undefined and NaN. The non-empty string "0" and an empty array are truthy.',
      ),
    ),
    trueOrFalse(
      10,
      t('<p><code>0.1 + 0.2 === 0.3</code> 的结果是 true。</p>', '<p><code>0.1 + 0.2 === 0.3</code> is true.</p>'),
      false,
      t(
        '浮点数以二进制存储，0.1 + 0.2 的结果是 0.30000000000000004。比较小数时应判断两者之差是否小于 Number.EPSILON。',
        'Floating-point numbers are stored in binary: 0.1 + 0.2 is 0.30000000000000004. Compare decimals by checking that their difference is below Number.EPSILON.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>严格相等运算符 <code>===</code> 同时比较值和{{blank}}；数组方法 <code>{{blank}}</code> 返回由通过测试的元素组成的新数组。</p>',
        '<p>The strict equality operator <code>===</code> compares both the value and the {{blank}}; the array method <code>{{blank}}</code> returns a new array of the elements that pass a test.</p>',
      ),
      [
        ['类型', '数据类型', 'type', 'data type'],
        ['filter', 'filter()'],
      ],
      t(
        '=== 不做类型转换，类型不同直接返回 false。filter 与 map 一样返回新数组，但只保留回调返回真值的元素。',
        '=== does no type conversion: different types are simply not equal. filter returns a new array like map does, keeping only the elements for which the callback returns a truthy value.',
      ),
    ),
    fillBlank(
      10,
      t(
        '<p>在 async 函数中，等待一个 Promise 完成使用关键字 {{blank}}。</p>',
        '<p>Inside an async function, the keyword that waits for a Promise to settle is {{blank}}.</p>',
      ),
      [['await']],
      t(
        'await 暂停当前 async 函数，直到 Promise 完成；Promise 被拒绝时会抛出错误，可以用 try/catch 捕获。',
        'await pauses the async function until the Promise settles; a rejection is thrown as an error you can catch with try/catch.',
      ),
    ),
    ask(
      20,
      t(
        '<p>用一个例子说明 <code>==</code> 与 <code>===</code> 的区别，并说明在实际项目中应优先使用哪一个、为什么。</p>',
        '<p>Explain the difference between <code>==</code> and <code>===</code> with an example, and say which one you would use in a real project and why.</p>',
      ),
      t(
        '<code>==</code> 比较前会做类型转换，例如 <code>0 == ""</code> 为 true；<code>===</code> 不转换类型，<code>0 === ""</code> 为 false。实际项目中应优先使用 <code>===</code>：结果可预测，类型错误也能更早暴露。',
        '<code>==</code> converts types before comparing, so <code>0 == ""</code> is true; <code>===</code> does not, so <code>0 === ""</code> is false. Prefer <code>===</code>: its result is predictable and type mistakes show up early.',
      ),
      t(
        '评分要点：说明类型转换（8 分），给出正确的例子（6 分），给出建议和理由（6 分）。',
        'Marking: explains type coercion (8 points), gives a correct example (6), recommends one with a reason (6).',
      ),
    ),
  ],

  'react-certification': [
    single(
      10,
      t(
        '<p>在函数组件中保存会变化的状态，应使用哪个 Hook？</p>',
        '<p>Which hook keeps changing state in a function component?</p>',
      ),
      [same('useState'), same('useEffect'), same('useRef'), same('useMemo')],
      'A',
      t(
        'useState 返回当前状态和更新函数，调用更新函数会让组件重新渲染。修改 ref 不会触发渲染。',
        'useState returns the current state and a setter; calling the setter re-renders the component. Changing a ref does not.',
      ),
    ),
    single(
      10,
      t(
        '<p>渲染列表时，React 要求每个子元素带有哪个属性来区分彼此？</p>',
        '<p>When rendering a list, which prop must each child have so React can tell the items apart?</p>',
      ),
      [same('key'), same('id'), same('ref'), same('name')],
      'A',
      t(
        'key 在兄弟元素之间必须唯一且稳定：用数据的 id，不要用数组下标。',
        "A key must be unique among siblings and stable: use the item's id rather than its index.",
      ),
    ),
    single(
      10,
      t(
        '<p>React 19 中，哪个 API 可以在渲染时读取 Promise 或 Context 的值？</p>',
        '<p>In React 19, which API reads the value of a Promise or a context during render?</p>',
      ),
      [same('use'), same('useEffect'), same('useCallback'), same('useId')],
      'A',
      t(
        'use 可以在渲染中读取 Promise（配合 Suspense）或 Context，而且与 Hook 不同，它可以在条件语句中调用。',
        'use reads a Promise (with Suspense) or a context during render, and unlike hooks it may be called conditionally.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些情况会让组件重新渲染？</p>', '<p>Which of these make a component re-render?</p>'),
      [
        t('自身的 state 被设置为新值', 'Its state is set to a new value'),
        t('父组件重新渲染', 'Its parent re-renders'),
        t('ref.current 被修改', "A ref's current value changes"),
        t('它读取的 Context 值发生变化', 'A context value it reads changes'),
      ],
      ['A', 'B', 'D'],
      t(
        '修改 ref.current 不会触发渲染，所以 ref 适合保存不影响界面的值。',
        'Changing ref.current never triggers a render, which is why refs suit values the screen does not show.',
      ),
    ),
    trueOrFalse(
      10,
      t(
        '<p>子组件可以直接修改父组件传入的 props。</p>',
        '<p>A child component may change the props its parent passed in.</p>',
      ),
      false,
      t(
        'props 是只读的。子组件需要修改数据时，应调用父组件传入的回调，由父组件更新自己的 state。',
        'Props are read-only. To change data, the child calls a callback from the parent, which updates its own state.',
      ),
    ),
    trueOrFalse(
      10,
      t(
        '<p>组件名必须以大写字母开头，才能作为 JSX 标签使用。</p>',
        "<p>A component's name must start with a capital letter to be used as a JSX tag.</p>",
      ),
      true,
      t(
        '小写开头的标签会被当作 HTML 元素（如 div），只有大写开头的才会被当作组件。',
        'Lower-case tags are taken as HTML elements such as div; only capitalised names are components.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>缓存计算结果使用 {{blank}}，缓存函数本身使用 {{blank}}。</p>',
        '<p>To memoise a computed value use {{blank}}; to memoise a function use {{blank}}.</p>',
      ),
      [['useMemo'], ['useCallback']],
      t(
        'useMemo 缓存回调的返回值，useCallback 缓存回调本身；两者都在依赖项变化时重新计算。',
        'useMemo caches what the callback returns, useCallback the callback itself; both recompute when a dependency changes.',
      ),
    ),
    ask(
      20,
      t(
        '<p>某个组件渲染得过于频繁，输入时明显卡顿。请描述你会如何找到原因并解决。</p>',
        '<p>A component re-renders far too often and typing feels sluggish. Describe how you would find the cause and fix it.</p>',
      ),
      t(
        '先用 React DevTools 的 Profiler 录制操作，找出渲染次数多、耗时长的组件并查看渲染原因。常见原因：父组件每次渲染都创建新的对象或函数作为 props、Context 值频繁变化、状态放得太高。解决：把状态下移到使用它的组件；用 memo 包裹纯展示组件，并用 useMemo/useCallback 保持 props 稳定；拆分 Context；长列表使用虚拟滚动。',
        'Record the interaction with the React DevTools Profiler, find the components that render often or slowly and read why they rendered. Usual causes: new objects or functions passed as props on every render, a context value that changes constantly, state kept too high. Fixes: move state down to where it is used; wrap pure display components in memo and keep their props stable with useMemo/useCallback; split the context; virtualise long lists.',
      ),
      t(
        '评分要点：用工具定位（8 分），指出至少两个常见原因（6 分），给出对应的解决方法（6 分）。',
        'Marking: uses a tool to find the cause (8 points), names at least two common causes (6), gives matching fixes (6).',
      ),
    ),
  ],

  'python-quiz': [
    single(
      5,
      t('<p><code>len("hello")</code> 的结果是？</p>', '<p>What is <code>len("hello")</code>?</p>'),
      [same('4'), same('5'), same('6'), t('报错', 'An error')],
      'B',
      t('len 返回字符串中的字符个数，"hello" 有 5 个字符。', 'len returns the number of characters: "hello" has 5.'),
    ),
    single(
      5,
      t('<p>以下哪种写法创建的是列表（list）？</p>', '<p>Which of these creates a list?</p>'),
      [same('[1, 2, 3]'), same('(1, 2, 3)'), same('{1, 2, 3}'), same("{'a': 1}")],
      'A',
      t(
        '方括号创建列表，圆括号创建元组，花括号创建集合或字典。',
        'Square brackets make a list, parentheses a tuple, braces a set or a dict.',
      ),
    ),
    multi(
      10,
      t('<p>以下哪些类型是不可变的（immutable）？</p>', '<p>Which of these types are immutable?</p>'),
      [same('tuple'), same('list'), same('str'), same('dict')],
      ['A', 'C'],
      t(
        'tuple 和 str 创建后不能修改；list 和 dict 可以原地增删改。',
        'Tuples and strings cannot change once made; lists and dicts can be changed in place.',
      ),
    ),
    trueOrFalse(
      5,
      t('<p>Python 用缩进来表示代码块。</p>', '<p>Python uses indentation to mark code blocks.</p>'),
      true,
      t(
        '同一代码块的语句缩进必须相同，PEP 8 建议每级缩进 4 个空格。',
        'Statements of one block share the same indentation; PEP 8 recommends 4 spaces per level.',
      ),
    ),
    fillBlank(
      10,
      t(
        '<p>补全代码，让循环依次输出 0、1、2：<code>for i in {{blank}}(3): print(i)</code></p>',
        '<p>Complete the code so the loop prints 0, 1 and 2: <code>for i in {{blank}}(3): print(i)</code></p>',
      ),
      [['range']],
      t('range(3) 依次生成 0、1、2，不包含 3。', 'range(3) yields 0, 1 and 2; it stops before 3.'),
    ),
    ask(
      15,
      t(
        '<p>写一个函数 <code>sum_even(numbers)</code>，返回列表中所有偶数之和，并说明你的思路。</p>',
        '<p>Write a function <code>sum_even(numbers)</code> that returns the sum of the even numbers in a list, and explain your approach.</p>',
      ),
      t(
        '<pre><code>def sum_even(numbers):\n    return sum(n for n in numbers if n % 2 == 0)</code></pre><p>用生成器表达式筛选出能被 2 整除的数，再交给内置函数 sum 求和；空列表得到 0。</p>',
        '<pre><code>def sum_even(numbers):\n    return sum(n for n in numbers if n % 2 == 0)</code></pre><p>A generator expression keeps the numbers divisible by 2 and the built-in sum adds them up; an empty list gives 0.</p>',
      ),
      t(
        '评分要点：结果正确（9 分），空列表能正确处理（3 分），思路说明清楚（3 分）。',
        'Marking: correct result (9 points), handles an empty list (3), clear explanation (3).',
      ),
    ),
  ],

  'sql-closed-exam': [
    single(
      10,
      t('<p>去除查询结果中的重复行使用哪个关键字？</p>', '<p>Which keyword removes duplicate rows from a result?</p>'),
      [same('DISTINCT'), same('UNIQUE'), same('GROUP'), same('ONLY')],
      'A',
      t(
        'SELECT DISTINCT 对整行去重；UNIQUE 是建表时使用的约束。',
        'SELECT DISTINCT removes duplicate rows; UNIQUE is a constraint on a table.',
      ),
    ),
    single(
      10,
      t(
        '<p>哪种连接会保留左表的全部行，右表没有匹配时填入 NULL？</p>',
        '<p>Which join keeps every row of the left table, filling in NULL where the right table has no match?</p>',
      ),
      [same('LEFT JOIN'), same('INNER JOIN'), same('CROSS JOIN'), same('RIGHT JOIN')],
      'A',
      t(
        'INNER JOIN 只保留两边都匹配的行；RIGHT JOIN 保留右表的全部行。',
        'INNER JOIN keeps only rows that match on both sides; RIGHT JOIN keeps every row of the right table.',
      ),
    ),
    single(
      10,
      t('<p><code>COUNT(email)</code> 统计的是什么？</p>', '<p>What does <code>COUNT(email)</code> count?</p>'),
      [
        t('所有行', 'Every row'),
        t('email 不为 NULL 的行', 'Rows where email is not NULL'),
        t('不同 email 的个数', 'Distinct emails'),
        t('email 为 NULL 的行', 'Rows where email is NULL'),
      ],
      'B',
      t(
        'COUNT(*) 统计所有行，COUNT(列) 忽略该列为 NULL 的行，COUNT(DISTINCT 列) 统计不同的值。',
        'COUNT(*) counts every row, COUNT(column) skips rows where the column is NULL, COUNT(DISTINCT column) counts distinct values.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些是聚合函数？</p>', '<p>Which of these are aggregate functions?</p>'),
      [same('SUM'), same('AVG'), same('UPPER'), same('MAX')],
      ['A', 'B', 'D'],
      t(
        'UPPER 是逐行处理的字符串函数，不会把多行合并成一个值。',
        'UPPER is a string function applied row by row; it does not combine rows into one value.',
      ),
    ),
    trueOrFalse(
      10,
      t('<p>表达式 <code>NULL = NULL</code> 的结果是 true。</p>', '<p><code>NULL = NULL</code> evaluates to true.</p>'),
      false,
      t(
        '与 NULL 比较的结果是 NULL（未知）；判断空值要用 IS NULL。',
        'Any comparison with NULL gives NULL (unknown); test for it with IS NULL.',
      ),
    ),
    trueOrFalse(
      10,
      t('<p>主键列可以包含 NULL 值。</p>', '<p>A primary key column may hold NULL.</p>'),
      false,
      t('主键隐含 NOT NULL 和 UNIQUE 两个约束。', 'A primary key implies both NOT NULL and UNIQUE.'),
    ),
    fillBlank(
      15,
      t(
        '<p>{{blank}} 在分组之前过滤行，{{blank}} 在分组之后过滤分组。</p>',
        '<p>{{blank}} filters rows before grouping; {{blank}} filters the groups afterwards.</p>',
      ),
      [['WHERE'], ['HAVING']],
      t(
        "例如 <code>WHERE status = 'paid' GROUP BY customer_id HAVING SUM(amount) &gt; 1000</code>。",
        "For example <code>WHERE status = 'paid' GROUP BY customer_id HAVING SUM(amount) &gt; 1000</code>.",
      ),
    ),
    ask(
      20,
      t(
        '<p>表 <code>orders(customer_id, amount)</code> 记录了每一笔订单。写一条查询，列出每位客户的订单总金额，按总金额从高到低排序。</p>',
        "<p>The table <code>orders(customer_id, amount)</code> holds every order. Write a query listing each customer's total order amount, highest first.</p>",
      ),
      same(
        '<pre><code>SELECT customer_id, SUM(amount) AS total\nFROM orders\nGROUP BY customer_id\nORDER BY total DESC;</code></pre>',
      ),
      t(
        '评分要点：正确分组（8 分），正确聚合（6 分），正确排序（6 分）。',
        'Marking: correct grouping (8 points), aggregate (6), order (6).',
      ),
    ),
  ],

  'english-level-test': [
    single(
      10,
      t(
        '<p>选择正确的一项填空：She ___ to school by bus every day.</p>',
        '<p>Choose the word that fits: She ___ to school by bus every day.</p>',
      ),
      [same('goes'), same('go'), same('going'), same('gone')],
      'A',
      t(
        '主语是第三人称单数，一般现在时的动词要加 -s 或 -es。',
        'With a third-person singular subject the present simple takes -s or -es.',
      ),
    ),
    single(
      10,
      t(
        '<p>选择正确的一项填空：I have lived in Shanghai ___ 2019.</p>',
        '<p>Choose the word that fits: I have lived in Shanghai ___ 2019.</p>',
      ),
      [same('since'), same('for'), same('from'), same('at')],
      'A',
      t(
        'since 后接时间点，for 后接一段时间（for five years）。',
        'since takes a point in time; for takes a length of time (for five years).',
      ),
    ),
    single(
      10,
      t('<p>哪个句子是正确的？</p>', '<p>Which sentence is correct?</p>'),
      [
        same('If I were you, I would apologise.'),
        same('If I was you, I will apologise.'),
        same('If I am you, I would apologise.'),
        same('If I were you, I will apologise.'),
      ],
      'A',
      t(
        '与现在事实相反的假设：if 从句用 were，主句用 would + 动词原形。',
        'An unreal condition about the present: were in the if clause, would + verb in the main clause.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些词是副词？</p>', '<p>Which of these words are adverbs?</p>'),
      [same('quickly'), same('happy'), same('often'), same('blue')],
      ['A', 'C'],
      t(
        'quickly 和 often 修饰动词；happy 和 blue 是形容词。',
        'quickly and often describe verbs; happy and blue are adjectives.',
      ),
    ),
    trueOrFalse(
      10,
      t(
        '<p>"fewer" 用于可数名词，例如 fewer people。</p>',
        '<p>"Fewer" goes with countable nouns, as in "fewer people".</p>',
      ),
      true,
      t('不可数名词用 less，例如 less water。', 'Uncountable nouns take less, as in "less water".'),
    ),
    fillBlank(
      15,
      t(
        '<p>用括号中动词的正确形式填空：Yesterday she {{blank}} (go) to the market and {{blank}} (buy) some apples.</p>',
        '<p>Fill in the right form of each verb: Yesterday she {{blank}} (go) to the market and {{blank}} (buy) some apples.</p>',
      ),
      [['went'], ['bought']],
      t(
        'go 和 buy 都是不规则动词，过去式分别是 went 和 bought。',
        'go and buy are irregular: their past forms are went and bought.',
      ),
    ),
    ask(
      30,
      t(
        '<p>用 60–80 个英文单词描述你最喜欢的学习地点，并说明原因。</p>',
        '<p>In 60–80 words, describe your favourite place to study and explain why you like it.</p>',
      ),
      t(
        '参考范文：My favourite place to study is the small library near my home. It is quiet and bright, and the large tables leave room for my books and notes. Because everyone around me is working too, I find it easier to stay focused. I usually go there after dinner and stay for two hours. On the way home I go over what I have learned, which helps me remember it.',
        'Model answer: My favourite place to study is the small library near my home. It is quiet and bright, and the large tables leave room for my books and notes. Because everyone around me is working too, I find it easier to stay focused. I usually go there after dinner and stay for two hours. On the way home I go over what I have learned, which helps me remember it.',
      ),
      t(
        '评分要点：内容切题（10 分），语法正确（10 分），用词与连贯（10 分）。',
        'Marking: on topic (10 points), grammar (10), vocabulary and flow (10).',
      ),
    ),
  ],

  'ui-design-exam': [
    single(
      15,
      t(
        '<p>WCAG 2.1 AA 级要求正文文字与背景的对比度至少是多少？</p>',
        '<p>What minimum contrast ratio does WCAG 2.1 level AA require between body text and its background?</p>',
      ),
      [same('4.5:1'), same('3:1'), same('7:1'), same('2:1')],
      'A',
      t(
        '3:1 适用于大号文字和图形元素，7:1 是 AAA 级的要求。',
        '3:1 applies to large text and graphics; 7:1 is the AAA level.',
      ),
    ),
    single(
      15,
      t(
        '<p>苹果《人机界面指南》建议的最小可点击区域是多大？</p>',
        "<p>What minimum tap target size do Apple's Human Interface Guidelines recommend?</p>",
      ),
      [same('24 × 24 pt'), same('32 × 32 pt'), same('44 × 44 pt'), same('64 × 64 pt')],
      'C',
      t(
        '44 × 44 pt 能让大多数人准确点中；Material Design 建议 48 × 48 dp。',
        '44 × 44 pt lets most people hit the target; Material Design suggests 48 × 48 dp.',
      ),
    ),
    multi(
      20,
      t('<p>以下哪些属于格式塔原则？</p>', '<p>Which of these are Gestalt principles?</p>'),
      [t('接近性', 'Proximity'), t('相似性', 'Similarity'), t('膨胀性', 'Inflation'), t('闭合性', 'Closure')],
      ['A', 'B', 'D'],
      t(
        '格式塔原则描述人如何把看到的元素组织成整体，包括接近、相似、闭合、连续等；“膨胀性”不在其中。',
        'Gestalt principles describe how people group what they see: proximity, similarity, closure, continuity and others. "Inflation" is not one of them.',
      ),
    ),
    trueOrFalse(
      10,
      t(
        '<p>仅用颜色（例如把输入框边框变红）就足以提示表单错误。</p>',
        '<p>Colour alone (say, a red input border) is enough to show a form error.</p>',
      ),
      false,
      t(
        '色觉障碍的用户可能察觉不到颜色变化，应同时给出文字说明或图标。',
        'People with colour vision deficiency may miss it: add a message or an icon as well.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>设计系统中最小的可复用设计决策（如颜色、间距、字号的取值）称为设计{{blank}}。</p>',
        '<p>The smallest reusable design decisions of a design system, such as colour, spacing and type size values, are called design {{blank}}.</p>',
      ),
      [['令牌', 'tokens', 'token']],
      t(
        '组件引用 token 而不是写死的数值，修改一个 token 就能统一更新整个产品。',
        'Components refer to tokens instead of fixed values, so changing one token updates the whole product.',
      ),
    ),
    ask(
      25,
      t(
        '<p>评审一个移动端登录页面：列出你会检查的三个可用性问题，并说明如何改进。</p>',
        '<p>You are reviewing a mobile login screen. List three usability problems you would check for and how you would fix each.</p>',
      ),
      t(
        '例如：① 输入框只有占位文字、没有可见标签——改为常驻标签；② 密码无法显示——提供“显示密码”开关；③ 错误只在提交后用颜色提示——在输入框旁给出具体的文字说明；④ 按钮过小或挤在一起——保证 44 pt 的点击区域。',
        'For example: (1) inputs with a placeholder but no visible label — add persistent labels; (2) no way to show the password — add a show/hide toggle; (3) errors shown only by colour after submitting — give a specific message next to the field; (4) small or crowded buttons — keep 44 pt targets.',
      ),
      t(
        '评分要点：每个问题及改进方法各 8 分，表达清楚 1 分。',
        'Marking: 8 points for each problem with its fix, 1 for clear writing.',
      ),
    ),
  ],

  'excel-skills-test': [
    single(
      15,
      t(
        '<p>在区域的第一列查找一个值，并返回同一行中另一列的值，使用哪个函数？</p>',
        '<p>Which function looks a value up in the first column of a range and returns a value from the same row?</p>',
      ),
      [same('VLOOKUP'), same('HLOOKUP'), same('INDEX'), same('COUNTIF')],
      'A',
      t(
        'VLOOKUP 沿列纵向查找；新版 Excel 还提供更灵活的 XLOOKUP。',
        'VLOOKUP searches down a column; newer versions of Excel also offer the more flexible XLOOKUP.',
      ),
    ),
    single(
      15,
      t(
        '<p>A1、A2、A3 分别为 1、2、3，<code>=SUM(A1:A3)</code> 的结果是？</p>',
        '<p>A1, A2 and A3 hold 1, 2 and 3. What does <code>=SUM(A1:A3)</code> give?</p>',
      ),
      [same('3'), same('6'), same('123'), same('#VALUE!')],
      'B',
      t(
        'A1:A3 表示从 A1 到 A3 的区域，SUM 把其中的数字相加。',
        'A1:A3 is the range from A1 to A3; SUM adds up the numbers in it.',
      ),
    ),
    multi(
      20,
      t(
        '<p>向下填充公式时，以下哪些引用能保证行号不变？</p>',
        '<p>When you fill a formula down, which references keep the row number fixed?</p>',
      ),
      [same('$A$1'), same('A$1'), same('$A1'), same('A1')],
      ['A', 'B'],
      t(
        '$ 放在行号前锁定行，放在列标前锁定列。',
        'A $ before the row number locks the row; before the column letter it locks the column.',
      ),
    ),
    trueOrFalse(
      10,
      t('<p>创建数据透视表会修改源数据。</p>', '<p>Creating a pivot table changes the source data.</p>'),
      false,
      t(
        '数据透视表只读取源数据进行汇总；源数据变化后刷新即可更新。',
        'A pivot table only reads and summarises the source; refresh it after the source changes.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>统计满足单个条件的单元格个数，使用函数 {{blank}}。</p>',
        '<p>To count the cells that meet one condition, use the function {{blank}}.</p>',
      ),
      [['COUNTIF', 'COUNTIF()']],
      t('有多个条件时使用 COUNTIFS。', 'For several conditions use COUNTIFS.'),
    ),
    ask(
      25,
      t(
        '<p>一列日期由不同的人手工录入，格式五花八门（2024/3/5、5-3-2024、3月5日）。描述你会如何把它们整理成统一的日期格式。</p>',
        '<p>A column of dates was typed by different people in mixed formats (2024/3/5, 5-3-2024, 5 March). Describe how you would turn them into one proper date format.</p>',
      ),
      t(
        '先备份原列；用 ISNUMBER 找出已被识别为日期的值；对文本值用“分列”按日期格式转换，或用 DATE、LEFT、MID 等函数拆分重组；统一设置单元格格式为 yyyy-mm-dd；最后抽查结果，并用数据验证防止以后再录入错误格式。',
        'Keep a copy of the column; find the values already recognised as dates with ISNUMBER; convert the text values with Text to Columns as dates, or split and rebuild them with DATE, LEFT and MID; format every cell as yyyy-mm-dd; spot-check the result and add data validation so wrong formats cannot be typed again.',
      ),
      t(
        '评分要点：识别问题（5 分），转换方法可行（12 分），统一格式（4 分），预防措施（4 分）。',
        'Marking: spots the problem (5 points), a workable conversion (12), one format (4), prevention (4).',
      ),
    ),
  ],

  'japanese-kana-test': [
    single(
      5,
      t('<p>平假名「あ」的读音是？</p>', '<p>How is the hiragana 「あ」 read?</p>'),
      [same('a'), same('o'), same('e'), same('i')],
      'A',
      t('「あ」是五十音图的第一个假名，读作 a。', '「あ」 is the first kana of the syllabary, read a.'),
    ),
    single(
      5,
      t('<p>哪个片假名读作 "ka"？</p>', '<p>Which katakana is read "ka"?</p>'),
      [same('カ'), same('ケ'), same('コ'), same('キ')],
      'A',
      t('ケ 读 ke，コ 读 ko，キ 读 ki。', 'ケ is ke, コ is ko and キ is ki.'),
    ),
    multi(
      10,
      t('<p>以下哪些是平假名？</p>', '<p>Which of these are hiragana?</p>'),
      [same('さ'), same('サ'), same('ね'), same('ネ')],
      ['A', 'C'],
      t('サ 和 ネ 是 sa 和 ne 的片假名写法。', 'サ and ネ are the katakana for sa and ne.'),
    ),
    trueOrFalse(
      5,
      t('<p>「ン」是片假名。</p>', '<p>「ン」 is a katakana character.</p>'),
      true,
      t('它对应的平假名是「ん」。', 'Its hiragana form is 「ん」.'),
    ),
    fillBlank(
      10,
      t('<p>「こんにちは」的罗马音是 {{blank}}。</p>', '<p>The romaji of 「こんにちは」 is {{blank}}.</p>'),
      [['konnichiwa', 'konnichi wa']],
      t('最后的「は」在这里是助词，读作 wa。', 'The final は is a particle here and is read wa.'),
    ),
    ask(
      15,
      t(
        '<p>用片假名写出你的名字（或一个外来词），并说明每个假名的选择理由。</p>',
        '<p>Write your name (or a loanword) in katakana and explain how you chose each character.</p>',
      ),
      t(
        '例如 Emily 写作「エミリー」：エ（e）、ミ（mi）、リ（ri），长音用「ー」表示。',
        'For example Emily is 「エミリー」: エ (e), ミ (mi), リ (ri), and the long vowel is marked with 「ー」.',
      ),
      t(
        '评分要点：假名书写正确（9 分），读音对应说明清楚（6 分）。',
        'Marking: correct kana (9 points), clear sound-by-sound explanation (6).',
      ),
    ),
  ],

  'data-analysis-final': [
    single(
      10,
      t('<p>2、4、6、8 的平均数是？</p>', '<p>What is the mean of 2, 4, 6 and 8?</p>'),
      [same('4'), same('5'), same('6'), same('20')],
      'B',
      t('(2 + 4 + 6 + 8) ÷ 4 = 5。', '(2 + 4 + 6 + 8) ÷ 4 = 5.'),
    ),
    single(
      10,
      t('<p>1、3、3、6、7、8、9 的中位数是？</p>', '<p>What is the median of 1, 3, 3, 6, 7, 8, 9?</p>'),
      [same('3'), same('6'), same('5.3'), same('7')],
      'B',
      t('七个数已排好序，中间的第 4 个数是 6。', 'The seven numbers are sorted; the middle one, the 4th, is 6.'),
    ),
    single(
      10,
      t(
        '<p>展示一个指标随时间的变化趋势，最适合用哪种图表？</p>',
        '<p>Which chart best shows how a measure changes over time?</p>',
      ),
      [
        t('折线图', 'A line chart'),
        t('饼图', 'A pie chart'),
        t('散点图', 'A scatter plot'),
        t('雷达图', 'A radar chart'),
      ],
      'A',
      t(
        '折线图的横轴是时间，能清楚地显示上升、下降和季节性。',
        'A line chart puts time on the x axis and shows rises, falls and seasons clearly.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些是衡量数据离散程度的指标？</p>', '<p>Which of these measure the spread of data?</p>'),
      [
        t('方差', 'Variance'),
        t('标准差', 'Standard deviation'),
        t('众数', 'Mode'),
        t('四分位距', 'Interquartile range'),
      ],
      ['A', 'B', 'D'],
      t('众数描述的是集中趋势，而不是离散程度。', 'The mode describes the centre of the data, not its spread.'),
    ),
    trueOrFalse(
      10,
      t(
        '<p>两个变量高度相关，说明其中一个导致了另一个。</p>',
        '<p>When two variables are strongly correlated, one of them causes the other.</p>',
      ),
      false,
      t(
        '相关不等于因果：可能存在共同的影响因素，也可能只是巧合。',
        'Correlation is not causation: a third factor may drive both, or it may be chance.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>在 pandas 中，<code>df.{{blank}}()</code> 显示前五行，<code>df.{{blank}}()</code> 给出数值列的统计摘要。</p>',
        '<p>In pandas, <code>df.{{blank}}()</code> shows the first five rows and <code>df.{{blank}}()</code> summarises the numeric columns.</p>',
      ),
      [['head'], ['describe']],
      t(
        'describe 输出计数、均值、标准差、最小值、四分位数和最大值。',
        'describe gives the count, mean, standard deviation, minimum, quartiles and maximum.',
      ),
    ),
    ask(
      30,
      t(
        '<p>你发现上个月的销售额下降了 20%。描述你会按什么步骤找出原因。</p>',
        '<p>You find that sales dropped 20% last month. Describe the steps you would take to find out why.</p>',
      ),
      t(
        '先确认数据本身无误（统计口径、数据缺失）；再按时间、地区、渠道、产品、客户类型拆分，找出下降集中在哪里；对比去年同期排除季节因素；结合价格调整、促销、竞争对手、网站故障等事件提出假设，并用数据逐一验证；最后给出结论和建议。',
        'First check the data itself (definitions, missing data); then split the drop by time, region, channel, product and customer type to see where it sits; compare with the same month last year to rule out seasonality; form hypotheses from events such as price changes, promotions, competitors or outages and test each with data; finish with a conclusion and a recommendation.',
      ),
      t(
        '评分要点：核对数据（6 分），拆分维度（10 分），排除季节性（6 分），提出并验证假设（8 分）。',
        'Marking: checks the data (6 points), breaks it down (10), rules out seasonality (6), forms and tests hypotheses (8).',
      ),
    ),
  ],

  'database-query-test': [
    single(
      10,
      t('<p>修改表中已有的行使用哪条语句？</p>', '<p>Which statement changes rows that already exist?</p>'),
      [same('UPDATE'), same('INSERT'), same('ALTER'), same('SELECT')],
      'A',
      t('ALTER 修改的是表结构，而不是数据。', "ALTER changes the table's structure, not its rows."),
    ),
    single(
      10,
      t(
        '<p>在经常用于过滤和排序的列上建立索引，主要能改善什么？</p>',
        '<p>What does an index on a column often used for filtering and sorting mainly improve?</p>',
      ),
      [
        t('读取查询的速度', 'The speed of queries that read'),
        t('插入数据的速度', 'The speed of inserts'),
        t('占用的磁盘空间', 'The disk space used'),
        t('数据的正确性', 'The correctness of the data'),
      ],
      'A',
      t(
        '索引加快查找，但每次写入都要同时维护索引，所以写入会稍慢，也会占用更多空间。',
        'An index speeds up lookups, but every write must update it too, so writes get a little slower and it takes space.',
      ),
    ),
    multi(
      15,
      t(
        '<p>以下哪些是事务 ACID 特性的一部分？</p>',
        '<p>Which of these are part of the ACID guarantees of transactions?</p>',
      ),
      [t('原子性', 'Atomicity'), t('隔离性', 'Isolation'), t('持久性', 'Durability'), t('可用性', 'Availability')],
      ['A', 'B', 'C'],
      t(
        'ACID 指原子性、一致性、隔离性和持久性；可用性出自分布式系统的 CAP 定理。',
        'ACID is atomicity, consistency, isolation and durability; availability comes from the CAP theorem of distributed systems.',
      ),
    ),
    trueOrFalse(
      10,
      t(
        '<p>事务回滚后，它做过的修改都不会保留。</p>',
        '<p>Once a transaction is rolled back, none of its changes remain.</p>',
      ),
      true,
      t(
        '回滚撤销事务中的全部修改，这正是原子性的含义。',
        'A rollback undoes every change of the transaction: that is what atomicity means.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>让结果按金额从高到低排列：<code>ORDER BY amount {{blank}}</code></p>',
        '<p>To list results from the highest amount to the lowest: <code>ORDER BY amount {{blank}}</code></p>',
      ),
      [['DESC']],
      t('不写时默认是 ASC，即从低到高。', 'Without it the order is ASC, lowest first.'),
    ),
    ask(
      40,
      t(
        '<p>表 <code>order_items(product_id, quantity, ordered_at)</code> 记录了每一件售出的商品。写一条查询，找出 2024 年销量最高的 3 个商品，并说明如何让它在数据量很大时依然很快。</p>',
        '<p>The table <code>order_items(product_id, quantity, ordered_at)</code> records every item sold. Write a query that finds the 3 best-selling products of 2024, and explain how you would keep it fast on a large table.</p>',
      ),
      t(
        "<pre><code>SELECT product_id, SUM(quantity) AS sold\nFROM order_items\nWHERE ordered_at &gt;= '2024-01-01' AND ordered_at &lt; '2025-01-01'\nGROUP BY product_id\nORDER BY sold DESC\nLIMIT 3;</code></pre><p>用半开区间过滤日期，才能使用 ordered_at 上的索引（对列使用 EXTRACT 等函数会让索引失效）；数据量很大时可以建立 (ordered_at, product_id, quantity) 覆盖索引，或按月预先汇总销量。</p>",
        "<pre><code>SELECT product_id, SUM(quantity) AS sold\nFROM order_items\nWHERE ordered_at &gt;= '2024-01-01' AND ordered_at &lt; '2025-01-01'\nGROUP BY product_id\nORDER BY sold DESC\nLIMIT 3;</code></pre><p>Filter the dates with a half-open range so an index on ordered_at can be used (wrapping the column in EXTRACT or another function defeats the index); on a very large table add a covering index on (ordered_at, product_id, quantity) or keep monthly totals.</p>",
      ),
      t(
        '评分要点：日期过滤正确（10 分），按商品汇总销量（10 分），排序并取前三（10 分），性能说明（10 分）。',
        'Marking: correct date filter (10 points), totals per product (10), order and top three (10), performance (10).',
      ),
    ),
  ],

  'node-basics-test': [
    single(
      10,
      t('<p>读取文件应使用 Node.js 的哪个内置模块？</p>', '<p>Which built-in Node.js module reads files?</p>'),
      [same('fs'), same('http'), same('path'), same('os')],
      'A',
      t(
        'fs（file system）负责读写文件；path 只处理路径字符串。',
        'fs (file system) reads and writes files; path only works on path strings.',
      ),
    ),
    single(
      10,
      t(
        '<p>哪个命令会安装 package.json 中列出的全部依赖？</p>',
        '<p>Which command installs every dependency listed in package.json?</p>',
      ),
      [same('npm install'), same('npm run build'), same('node install'), same('npm start')],
      'A',
      t(
        '在持续集成中更推荐 npm ci，它严格按照 package-lock.json 安装。',
        'In continuous integration prefer npm ci, which installs exactly what package-lock.json records.',
      ),
    ),
    multi(
      15,
      t('<p>以下哪些是 Node.js 的内置模块？</p>', '<p>Which of these are built-in Node.js modules?</p>'),
      [same('path'), same('http'), same('express'), same('crypto')],
      ['A', 'B', 'D'],
      t('express 是第三方包，需要用 npm 安装。', 'express is a third-party package installed from npm.'),
    ),
    trueOrFalse(
      10,
      t(
        '<p><code>process.env</code> 中保存着进程的环境变量。</p>',
        '<p><code>process.env</code> holds the environment variables of the process.</p>',
      ),
      true,
      t(
        '环境变量的值都是字符串，读取数字或布尔值时需要自己转换。',
        'Their values are always strings: convert numbers and booleans yourself.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>在 package.json 中写 <code>"type": "{{blank}}"</code>，.js 文件就会按 ES 模块加载；运行时需要的包写在 <code>{{blank}}</code> 字段中。</p>',
        '<p>In package.json, <code>"type": "{{blank}}"</code> makes .js files load as ES modules, and the packages needed at run time go in the <code>{{blank}}</code> field.</p>',
      ),
      [['module'], ['dependencies']],
      t(
        '"type" 的默认值是 "commonjs"；只在开发时需要的包放在 devDependencies 中。',
        '"type" defaults to "commonjs"; packages needed only while developing go in devDependencies.',
      ),
    ),
    fillBlank(
      10,
      t(
        '<p>请求的资源不存在时，服务器应返回 HTTP 状态码 {{blank}}。</p>',
        '<p>When the requested resource does not exist, the server answers with the HTTP status code {{blank}}.</p>',
      ),
      [['404']],
      t(
        '4xx 表示请求本身有问题，5xx 表示服务器出错。',
        '4xx means the request was at fault, 5xx that the server failed.',
      ),
    ),
    ask(
      30,
      t(
        '<p>解释 Node.js 事件循环的作用，并说明为什么一个耗时很长的同步循环会让整个服务器无法响应其他请求。</p>',
        '<p>Explain what the Node.js event loop does, and why one long synchronous loop stops the whole server from answering other requests.</p>',
      ),
      t(
        'Node.js 在单个线程上执行 JavaScript，事件循环不断取出已就绪的回调（完成的 I/O、到期的定时器）来执行；I/O 本身由系统或线程池完成，所以一个线程也能同时服务许多连接。同步循环会一直占用这个线程，在它结束之前事件循环无法执行任何其他回调，所有请求都只能等待。解决办法：把计算拆成小块（setImmediate）、交给 worker_threads，或放到独立的服务中。',
        'Node.js runs JavaScript on one thread; the event loop keeps taking ready callbacks (finished I/O, due timers) and running them. The I/O itself happens in the system or a thread pool, so one thread can serve many connections. A long synchronous loop holds that thread: until it ends the loop runs no other callback and every request waits. Split the work into chunks (setImmediate), move it to worker_threads, or to a separate service.',
      ),
      t(
        '评分要点：事件循环的作用（10 分），阻塞的原因（10 分），至少一种解决办法（10 分）。',
        'Marking: what the event loop does (10 points), why the server blocks (10), at least one remedy (10).',
      ),
    ),
  ],

  'http-status-drill': [
    single(
      5,
      t('<p>状态码 201 表示什么？</p>', '<p>What does the status code 201 mean?</p>'),
      [same('Created'), same('OK'), same('Accepted'), same('No Content')],
      'A',
      t(
        '201 表示请求成功并创建了新资源，通常用于 POST。',
        '201 means the request succeeded and created a resource, usually after a POST.',
      ),
    ),
    trueOrFalse(
      5,
      t('<p>500 表示客户端错误。</p>', '<p>500 is a client error.</p>'),
      false,
      t(
        '500 Internal Server Error 是服务器错误；客户端错误是 4xx。',
        '500 Internal Server Error is a server error; client errors are 4xx.',
      ),
    ),
    fillBlank(
      5,
      t(
        '<p>请求过于频繁、被限流时返回的状态码是 {{blank}}。</p>',
        '<p>The status code for too many requests (rate limited) is {{blank}}.</p>',
      ),
      [['429']],
      t(
        '429 Too Many Requests 常带有 Retry-After 响应头，告诉客户端何时重试。',
        '429 Too Many Requests often comes with a Retry-After header saying when to try again.',
      ),
    ),
    multi(
      5,
      t('<p>以下哪些是重定向状态码？</p>', '<p>Which of these are redirect status codes?</p>'),
      [same('301'), same('302'), same('404'), same('307')],
      ['A', 'B', 'D'],
      t('3xx 都是重定向；404 表示资源不存在。', 'Every 3xx is a redirect; 404 means not found.'),
    ),
  ],

  'typescript-types-quiz': [
    single(
      15,
      t(
        '<p>哪种类型可以接收任何值，但使用前必须先收窄类型？</p>',
        '<p>Which type accepts any value but must be narrowed before it is used?</p>',
      ),
      [same('unknown'), same('any'), same('never'), same('void')],
      'A',
      t(
        'any 会关闭类型检查；unknown 更安全，使用前要先用 typeof 等方式判断。',
        'any switches checking off; unknown is the safe one: narrow it with typeof and the like first.',
      ),
    ),
    single(
      15,
      t(
        "<p><code>type Size = 's' | 'm' | 'l'</code> 定义的是哪种类型？</p>",
        "<p>What kind of type does <code>type Size = 's' | 'm' | 'l'</code> define?</p>",
      ),
      [
        t('联合类型', 'A union type'),
        t('交叉类型', 'An intersection type'),
        t('元组类型', 'A tuple type'),
        t('枚举', 'An enum'),
      ],
      'A',
      t('| 组成联合类型，& 组成交叉类型。', '| builds a union type, & an intersection.'),
    ),
    multi(
      20,
      t(
        '<p>以下哪些是 TypeScript 内置的工具类型？</p>',
        '<p>Which of these are built-in TypeScript utility types?</p>',
      ),
      [same('Partial'), same('Pick'), same('Borrow'), same('Omit')],
      ['A', 'B', 'D'],
      t(
        'Borrow 不是 TypeScript 的类型；常用的还有 Required、Readonly 和 Record。',
        'Borrow is not a TypeScript type; other common ones are Required, Readonly and Record.',
      ),
    ),
    trueOrFalse(
      15,
      t(
        '<p>编译成 JavaScript 后，类型注解会被全部移除。</p>',
        '<p>Type annotations are removed when TypeScript compiles to JavaScript.</p>',
      ),
      true,
      t(
        '类型只在编译时检查，运行时并不存在；运行时校验数据要用 zod 等库。',
        'Types are checked at compile time and do not exist at run time; validate data at run time with a library such as zod.',
      ),
    ),
    fillBlank(
      15,
      t(
        '<p>获取对象类型所有键组成的联合类型，使用运算符 {{blank}}。</p>',
        "<p>The operator that gives the union of an object type's keys is {{blank}}.</p>",
      ),
      [['keyof']],
      t(
        "例如 <code>keyof { a: 1; b: 2 }</code> 得到 <code>'a' | 'b'</code>。",
        "For example <code>keyof { a: 1; b: 2 }</code> is <code>'a' | 'b'</code>.",
      ),
    ),
    fillBlank(
      20,
      t(
        '<p>元组类型 <code>[string, number]</code> 有 {{blank}} 个元素。</p>',
        '<p>The tuple type <code>[string, number]</code> has {{blank}} elements.</p>',
      ),
      [['2', 'two', '两', '二']],
      t('元组的长度和每个位置的类型都是固定的。', 'A tuple fixes both its length and the type at each position.'),
    ),
  ],

  'rendering-performance-checkpoint': [
    single(
      10,
      t(
        '<p>props 没有变化时跳过组件的重新渲染，使用哪个 API？</p>',
        '<p>Which API skips re-rendering a component when its props have not changed?</p>',
      ),
      [same('memo'), same('lazy'), same('Suspense'), same('Fragment')],
      'A',
      t(
        'memo 对 props 做浅比较，相同时复用上次的渲染结果。',
        'memo compares the props shallowly and reuses the last render when they are equal.',
      ),
    ),
    multi(
      10,
      t('<p>以下哪些做法能让长列表渲染得更快？</p>', '<p>Which of these help a long list render faster?</p>'),
      [
        t('只渲染可见区域的行（虚拟滚动）', 'Render only the visible rows (virtualisation)'),
        t('使用稳定的 key', 'Use stable keys'),
        t('每次渲染都传入新建的对象作为 props', 'Pass newly created objects as props on every render'),
        t('分页加载', 'Load it page by page'),
      ],
      ['A', 'B', 'D'],
      t(
        '每次新建对象会让 memo 失效，反而导致更多渲染。',
        'New objects on every render defeat memo and cause more renders, not fewer.',
      ),
    ),
    trueOrFalse(
      5,
      t(
        '<p>React DevTools 的 Profiler 可以显示组件为什么重新渲染。</p>',
        '<p>The React DevTools Profiler can show why a component rendered.</p>',
      ),
      true,
      t('需要在设置中打开“记录每个组件渲染的原因”。', 'Turn on "Record why each component rendered" in its settings.'),
    ),
    fillBlank(
      10,
      t(
        '<p>让某个路由的代码在访问时才加载，可以使用 <code>React.{{blank}}</code> 配合动态 <code>import()</code>。</p>',
        "<p>To load a route's code only when it is visited, use <code>React.{{blank}}</code> with a dynamic <code>import()</code>.</p>",
      ),
      [['lazy']],
      t(
        '懒加载的组件需要放在 Suspense 中，以便显示加载状态。',
        'A lazy component sits inside Suspense, which shows the loading state.',
      ),
    ),
    ask(
      15,
      t(
        '<p>一个有 5000 行的表格，在上方的搜索框输入时明显卡顿。说出你会最先尝试的两项改动，并说明原因。</p>',
        '<p>Typing into the search box above a 5,000-row table feels sluggish. Name the two changes you would try first and why.</p>',
      ),
      t(
        '① 虚拟滚动，只渲染可见的几十行；② 用 useDeferredValue 或 startTransition，让输入框先更新、表格过滤随后进行。此外可以用 memo 包裹行组件，避免未变化的行重新渲染。',
        '(1) Virtualise the table so only the few dozen visible rows render; (2) use useDeferredValue or startTransition so the input updates first and the filtering follows. Wrapping rows in memo also stops unchanged rows from re-rendering.',
      ),
      t(
        '评分要点：每项改动及原因各 7 分，表达清楚 1 分。',
        'Marking: 7 points for each change with its reason, 1 for clear writing.',
      ),
    ),
  ],
};

/** Homework papers by homework key (seed-exams.ts places them on lessons). */
export const homeworkPapers = {
  firstExample: [
    single(
      10,
      t(
        "<p><code>console.log(2 + '2')</code> 会输出什么？</p>",
        "<p>What does <code>console.log(2 + '2')</code> print?</p>",
      ),
      [same('22'), same('4'), same('NaN'), t('报错', 'An error')],
      'A',
      t(
        '只要有一个操作数是字符串，+ 就做字符串拼接：数字 2 被转换成 "2"。',
        'If either operand is a string, + joins strings: the number 2 becomes "2".',
      ),
    ),
    fillBlank(
      10,
      t(
        "<p>补全代码：先声明一个常量，再把它打印出来。<code>{{blank}} greeting = 'hi'; console.{{blank}}(greeting);</code></p>",
        "<p>Complete the code that declares a constant and prints it: <code>{{blank}} greeting = 'hi'; console.{{blank}}(greeting);</code></p>",
      ),
      [['const'], ['log', 'info']],
      t(
        'const 声明常量；console.log 把值打印到控制台。',
        'const declares a constant; console.log prints a value to the console.',
      ),
    ),
    trueOrFalse(
      5,
      t(
        '<p>用 <code>let</code> 声明的变量可以重新赋值。</p>',
        '<p>A variable declared with <code>let</code> can be reassigned.</p>',
      ),
      true,
      t('let 可以重新赋值，const 不可以。', 'let can be reassigned; const cannot.'),
    ),
    ask(
      25,
      t(
        '<p>写一个函数 <code>greet(name)</code>，返回类似 <code>Hello, Ada!</code> 的问候语，并写出一次调用和它的输出。</p>',
        '<p>Write a function <code>greet(name)</code> that returns a greeting such as <code>Hello, Ada!</code>, then show one call and what it prints.</p>',
      ),
      same(
        "<pre><code>function greet(name) {\n  return `Hello, ${name}!`;\n}\nconsole.log(greet('Ada')); // Hello, Ada!</code></pre>",
      ),
      t(
        '评分要点：函数定义正确（10 分），返回值正确（10 分），调用与输出（5 分）。',
        'Marking: a correct function (10 points), the right return value (10), the call and its output (5).',
      ),
    ),
  ],
  settingUp: [
    single(
      10,
      t('<p>哪个命令可以查看已安装的 Node.js 版本？</p>', '<p>Which command prints the installed Node.js version?</p>'),
      [same('node --version'), same('npm init'), same('node run'), same('npm version patch')],
      'A',
      t('也可以简写为 node -v。', 'The short form is node -v.'),
    ),
    fillBlank(
      10,
      t(
        '<p>在浏览器开发者工具中，<code>console.log</code> 的输出显示在 {{blank}} 面板。</p>',
        "<p>In the browser's developer tools, <code>console.log</code> output appears in the {{blank}} panel.</p>",
      ),
      [['Console', '控制台']],
      t(
        '按 F12（macOS 上按 Cmd+Option+I）打开开发者工具。',
        'Open the developer tools with F12 (Cmd+Option+I on macOS).',
      ),
    ),
    ask(
      20,
      t(
        "<p>描述你是如何打开浏览器开发者工具的，以及运行 <code>console.log('hi')</code> 后看到了什么。</p>",
        "<p>Describe how you opened the browser's developer tools and what you saw after running <code>console.log('hi')</code>.</p>",
      ),
      t(
        "在 Chrome 中按 F12（macOS 上按 Cmd+Option+I），切换到 Console 面板，输入 console.log('hi') 并回车：下一行显示 hi，再下一行显示 undefined（console.log 的返回值）。",
        "In Chrome press F12 (Cmd+Option+I on macOS), open the Console panel, type console.log('hi') and press Enter: the next line shows hi, then undefined (what console.log returns).",
      ),
      t(
        '评分要点：打开方式正确（8 分），描述输出（8 分），解释 undefined（4 分）。',
        'Marking: opens the tools (8 points), describes the output (8), explains the undefined (4).',
      ),
    ),
  ],
} satisfies Record<string, QuestionSeed[]>;
