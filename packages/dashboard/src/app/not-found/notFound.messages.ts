import { defineMessages } from '../../i18n/defineMessages';

export const notFoundMessages = defineMessages('notFound', {
  title: { en: 'Page not found', zh: '页面不存在' },
  subTitle: { en: 'The page you visited does not exist.', zh: '您访问的页面不存在。' },
  backHome: { en: 'Back to home', zh: '返回首页' },
});
