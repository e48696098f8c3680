export const cn = {
  'customPage.title': '网页',
  'customPage.open': '打开',
  'customPage.notShowing': '页面无法显示？部分网站不允许在应用内打开。',
  'customPage.openInBrowser': '在浏览器中打开',
  'customPage.loading': '正在加载页面…',
  'customPage.frameTitle': '来自 {{host}} 的页面',
  'customPage.invalidTitle': '无法打开此链接',
  'customPage.invalidDescription': '学校设置的地址不是一个网页。',
} as const;
