import type { Reporter, TestModule } from 'vitest/node';

// CI reads a plain closing line "N passed, N failed, N skipped"; Vitest's own
// summary has another shape, so this reporter adds that line after it.
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedTests += 1;
        else skipped += 1;
      }
      // A file that fails outside its tests (an import, a beforeAll hook) leaves
      // them skipped: it still counts as a failure.
      failed += module.state() === 'failed' && failedTests === 0 ? 1 : failedTests;
    }
    console.log(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
