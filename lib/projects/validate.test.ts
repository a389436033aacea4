import { EMPTY_DRAFT_VALUES, loadProjectDraft, saveProjectDraft } from './draft';
import { moveItem } from './photos';
import { foldForSearch } from './search';
import { PROJECT_MESSAGES, validateProject } from './validate';

const NOW = new Date('2026-11-24T12:00:00Z');
const filled = {
  ...EMPTY_DRAFT_VALUES,
  title: 'Cozinha planejada',
  environment: 'KITCHEN',
  description: 'Armários em MDF.',
  stateId: '35',
  city: 'Campinas',
  finishedMonth: '2026-10',
  productIds: ['1'],
};

describe('project form checks', () => {
  it('passes a complete project and names every missing field in Portuguese', () => {
    expect(validateProject(filled, NOW)).toEqual({});
    expect(validateProject(EMPTY_DRAFT_VALUES, NOW)).toEqual({
      title: PROJECT_MESSAGES.title,
      environment: PROJECT_MESSAGES.environment,
      description: PROJECT_MESSAGES.description,
      uf: PROJECT_MESSAGES.state,
      finishedMonth: PROJECT_MESSAGES.month,
      productIds: PROJECT_MESSAGES.products,
    });
  });

  it('refuses a month after the current one in Brasília, and a half-chosen month', () => {
    expect(validateProject({ ...filled, finishedMonth: '2026-12' }, NOW)['finishedMonth']).toBe(
      PROJECT_MESSAGES.future,
    );
    expect(validateProject({ ...filled, finishedMonth: '2026-11' }, NOW)['finishedMonth']).toBeUndefined();
    expect(validateProject({ ...filled, finishedMonth: '-03' }, NOW)['finishedMonth']).toBe(PROJECT_MESSAGES.month);
  });

  it('refuses a description over 2,000 characters and a title under 3', () => {
    const errors = validateProject({ ...filled, title: 'ab', description: 'x'.repeat(2001) }, NOW);
    expect(errors['title']).toBe(PROJECT_MESSAGES.title);
    expect(errors['description']).toBe(PROJECT_MESSAGES.descriptionTooLong);
  });
});

describe('project draft', () => {
  beforeEach(() => localStorage.clear());

  it('belongs to one member and one project, under the CD_ prefix', () => {
    const draft = { values: filled, photos: [{ id: '9', preview: 'data:', width: 4, height: 3 }], sendKey: 'k1' };
    saveProjectDraft('7', null, draft);
    expect(Object.keys(localStorage)).toEqual(['CD_PROJECT_DRAFT']);
    expect(loadProjectDraft('7', null)).toEqual(draft);
    expect(loadProjectDraft('8', null)).toBeNull();
    expect(loadProjectDraft('7', '12')).toBeNull();
  });
});

it('reorders photos and searches without accents', () => {
  expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  expect(foldForSearch('  Dobradiça Caneco ')).toBe('dobradica caneco');
});
