import { ESLint } from 'eslint';
import { describe, expect, test } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
}

describe('the lint rule that keeps the zones apart', () => {
  test('web code may not import server code', async () => {
    const found = await restrictedImports('src/web/features/x/probe.ts', "import { users } from '../../../server/db/schema.js';\nexport const x = users;\n");
    expect(found).toHaveLength(1);
  });

  test('server code may not import web code', async () => {
    const found = await restrictedImports('src/server/features/x/probe.ts', "import { paths } from '../../../web/lib/paths.js';\nexport const x = paths;\n");
    expect(found).toHaveLength(1);
  });

  test('shared code may import neither', async () => {
    const code = "import { a } from '../server/app.js';\nimport { b } from '../web/main.js';\nexport const x = [a, b];\n";
    expect(await restrictedImports('src/shared/probe.ts', code)).toHaveLength(2);
  });

  test('both sides may import shared code', async () => {
    const code = "import { AuthMessages } from '../../../shared/auth.schemas.js';\nexport const x = AuthMessages;\n";
    expect(await restrictedImports('src/web/features/x/probe.ts', code)).toHaveLength(0);
    expect(await restrictedImports('src/server/features/x/probe.ts', code)).toHaveLength(0);
  });
});
