import { MODULE_NAME, renderEntityDeclaration, SqlParseError } from '@backroom/contract';
import { label } from '@backroom/contract/i18n';
import { TransformError } from './errors';

/**
 * `CREATE TABLE` → the source of a Backroom entity declaration, with the same parser and generator
 * as the AI fast-coding helper and `npm run new:entity` (packages/contract/src/helper/). What the
 * generator leaves out (a column of a kind it has no match for) is said in a comment on top.
 */
export function sqlToEntity(sql: string, module: string): string {
  const name = module.trim();
  if (!MODULE_NAME.test(name)) {
    throw new TransformError(
      label(
        '模块名须为小写字母开头的字母或数字（最多 30 个）：{{module}}',
        '模組名須為小寫字母開頭的字母或數字（最多 30 個）：{{module}}',
        'A module name is lower-case letters and digits, starting with a letter (up to 30): {{module}}',
      ),
      { module: name },
    );
  }
  if (sql.trim() === '') {
    throw new TransformError(
      label('请输入 CREATE TABLE 语句', '請輸入 CREATE TABLE 陳述式', 'Enter a CREATE TABLE statement'),
    );
  }
  try {
    const { source, skipped, warnings } = renderEntityDeclaration(sql, { module: name });
    const notes = [
      ...skipped.map((s) => `// skipped ${s.column}: ${s.reason}`),
      ...warnings.map((w) => `// note: ${w}`),
    ];
    return notes.length > 0 ? `${notes.join('\n')}\n\n${source}` : source;
  } catch (error) {
    if (error instanceof SqlParseError) {
      throw new TransformError(
        label('无法解析 SQL：{{reason}}', '無法解析 SQL：{{reason}}', 'Cannot read the SQL: {{reason}}'),
        { reason: error.message },
      );
    }
    throw error;
  }
}
