// Test order for a short wall time on few cores: the files that spend most of their time waiting on
// other processes (npm, the engines' CLIs, Terraform and the provider) start first, the two app
// journeys of init-app-*.test.ts before all, so the quick unit files fill the gaps at the end.
// Within each group, jest's own order: slowest first by the durations it cached, else largest.
const Sequencer = require('@jest/test-sequencer').default;

const GROUPS = [/[\\/]test[\\/]e2e[\\/]init-app-[^\\/]+\.test\.ts$/, /[\\/]test[\\/](e2e|acceptance)[\\/]/, /[\\/]test[\\/]/];
const group = (test) => {
  const index = GROUPS.findIndex((pattern) => pattern.test(test.path));
  return index === -1 ? GROUPS.length : index;
};

class SlowFirstSequencer extends Sequencer {
  sort(tests) {
    // Array.prototype.sort is stable: jest's order holds inside each group.
    return [...super.sort(tests)].sort((a, b) => group(a) - group(b));
  }
}

module.exports = SlowFirstSequencer;
