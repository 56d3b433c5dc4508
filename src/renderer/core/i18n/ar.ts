/**
 * Arabic resource (right to left). It covers the lock screen, the splash, the
 * connection banner and the dashboard header; any key it lacks falls back to
 * English.
 */
import type { MessageKey } from '../../../shared/i18n/en.js';

export const ar: Partial<Record<MessageKey, string>> = {
  'splash.connecting': 'جارٍ تحميل معلومات الاتصال',
  'splash.progressLabel': 'جارٍ بدء التشغيل',

  'login.username': 'اسم المستخدم',
  'login.password': 'كلمة المرور',
  'login.submit': 'تسجيل الدخول',
  'login.guestHint': 'أو انتظر فتح جلسة ضيف من المشرف',
  'login.signingIn': 'جارٍ تسجيل الدخول...',
  'login.guestGranted': 'تم منح دخول الضيف! جارٍ تحميل لوحة التحكم...',
  'login.hourlyRate': '{{rate}} د.ع/ساعة',
  'station.number': 'الجهاز {{number}}',

  'validation.usernameRequired': 'اسم المستخدم مطلوب',
  'validation.passwordRequired': 'كلمة المرور مطلوبة',
  'error.login.invalid': 'اسم المستخدم أو كلمة المرور غير صحيحة.',
  'error.login.badRequest': 'فشل تسجيل الدخول: {{message}}',
  'error.login.network': 'خطأ في الشبكة أو الخادم: {{message}}',
  'error.login.default': 'فشل تسجيل الدخول. يرجى التحقق من بيانات الدخول أو الشبكة.',
  'error.login.missingMac':
    'لا يمكن تسجيل الدخول: عنوان MAC للجهاز مفقود. تأكد من اكتمال الإعداد الأولي.',

  'connection.connecting': 'جارٍ الاتصال بخادم المقهى...',
  'connection.reconnecting': 'انقطع الاتصال. جارٍ إعادة الاتصال...',
  'connection.disconnected': 'غير متصل بخادم المقهى',
  'connection.heartbeatFailing': 'خادم المقهى لا يستجيب',

  'dashboard.welcome': 'أهلاً، {{name}}',
  'dashboard.remaining': 'الوقت المتبقي',
  'dashboard.elapsed': 'مدة الجلسة',
  'dashboard.level': 'المستوى {{level}}',
  'topbar.games': 'الألعاب',
  'topbar.logout': 'تسجيل الخروج',
  'games.loading': 'جارٍ تحميل الألعاب...',
  'games.empty': 'لم يتم العثور على ألعاب',
  'error.games.load': 'تعذّر تحميل قائمة الألعاب. يرجى المحاولة لاحقاً.',
  'error.games.connection': 'خطأ في الاتصال: تعذّر الوصول إلى خادم الألعاب.',
  'error.shell.launch': 'تعذّر تشغيل اللعبة. يرجى المحاولة مرة أخرى أو طلب المساعدة من الموظفين.',
  'error.shell.command': 'تعذّر على الجهاز إتمام هذا الإجراء. يرجى المحاولة مرة أخرى أو طلب المساعدة من الموظفين.',

  'language.label': 'اللغة',
};
