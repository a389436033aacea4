'use client';
import { useController, type Control } from 'react-hook-form';
import type { QProjectLinkOptionsQuery } from '@/lib/graphql/generated/graphql';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { CheckboxField } from '../ui/checkbox-field';
import { SelectField } from '../ui/select-field';
import { ProjectFormSection } from './project-form-section';

type Invoice = QProjectLinkOptionsQuery['myInvoices']['data'][number];

const invoiceLabel = (invoice: Invoice) =>
  `Nota nº ${invoice.number}${invoice.issuerName ? ` · ${invoice.issuerName}` : ''} · ${invoice.issuedMonth.split('-').reverse().join('/')}`;

/** The optional links of a project: the approved invoices of its materials and the campaign it enters. */
export function ProjectLinksSection({
  control,
  options,
}: {
  control: Control<ProjectDraftValues>;
  options: QProjectLinkOptionsQuery | undefined;
}) {
  const approved = (options?.myInvoices.data ?? []).filter((i) => i.status === 'APPROVED');
  return (
    <ProjectFormSection id="project-links-title" title="Notas fiscais e campanha (opcional)">
      <InvoicesField control={control} invoices={approved} />
      <CampaignField
        control={control}
        campaigns={options?.customCampaigns.data ?? []}
        promotions={options?.promotions.data ?? []}
      />
    </ProjectFormSection>
  );
}

function InvoicesField({ control, invoices }: { control: Control<ProjectDraftValues>; invoices: readonly Invoice[] }) {
  const { field, fieldState } = useController({ control, name: 'invoiceIds' });
  const error = fieldState.error?.message;
  return (
    <fieldset className="project-form__invoices" aria-describedby={error ? 'project-invoices-error' : undefined}>
      <legend className="field__label">Notas fiscais da compra dos materiais</legend>
      {error && (
        <p className="field__error" id="project-invoices-error" role="alert">
          {error}
        </p>
      )}
      {invoices.length === 0 ? (
        <p className="muted">Você ainda não tem notas aprovadas para ligar a este projeto.</p>
      ) : (
        invoices.map((invoice) => (
          <CheckboxField
            key={invoice.id}
            label={invoiceLabel(invoice)}
            checked={field.value.includes(invoice.id)}
            onChange={(e) =>
              field.onChange(
                e.target.checked ? [...field.value, invoice.id] : field.value.filter((id) => id !== invoice.id),
              )
            }
          />
        ))
      )}
    </fieldset>
  );
}

function CampaignField({
  control,
  campaigns,
  promotions,
}: {
  control: Control<ProjectDraftValues>;
  campaigns: readonly { id: string; title: string }[];
  promotions: readonly { slug: string; title: string }[];
}) {
  // Controlled: the campaigns arrive after the form, and a select left to itself would drop the kept choice.
  const { field, fieldState } = useController({ control, name: 'campaignSlug' });
  return (
    <SelectField {...field} label="Campanha ou promoção em que o projeto entra" error={fieldState.error?.message}>
      <option value="">Nenhuma</option>
      {campaigns.length > 0 && (
        <optgroup label="Campanhas">
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </optgroup>
      )}
      {promotions.length > 0 && (
        <optgroup label="Promoções">
          {promotions.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.title}
            </option>
          ))}
        </optgroup>
      )}
    </SelectField>
  );
}
