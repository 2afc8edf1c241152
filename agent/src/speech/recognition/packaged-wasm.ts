/**
 * A wasm module shipped in an npm package (@echogarden's fvad and rnnoise builds), instantiated
 * directly: the packages' JavaScript glue is an ES module using import.meta, which jest's CommonJS
 * transform cannot load. The caller maps the glue's minified export names and self-tests them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export function instantiatePackagedWasm(packageName: string, wasmFile: string, imports: WebAssembly.Imports): Record<string, unknown> {
  const file = path.join(path.dirname(require.resolve(`${packageName}/package.json`)), wasmFile);
  return new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), imports).exports as Record<string, unknown>;
}
