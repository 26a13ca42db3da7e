// Every list parameter is bounded, and a longer one is refused with its count, never truncated.
import { listParameterProblem, MAX_LIST_PARAMETER_ENTRIES } from './list-parameters';

describe('list parameters', () => {
  it('may carry up to the bound', () => {
    expect(listParameterProblem('search[tags]', MAX_LIST_PARAMETER_ENTRIES)).toBeNull();
    expect(listParameterProblem('search[tags]', 0)).toBeNull();
  });
  it('are refused past it, naming the parameter, its count and the bound', () => {
    expect(listParameterProblem('filter[tagged]', MAX_LIST_PARAMETER_ENTRIES + 1)).toBe('filter[tagged] has 51 entries; at most 50 are allowed');
  });
});
