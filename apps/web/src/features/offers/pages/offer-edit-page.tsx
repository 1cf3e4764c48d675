import { Alert, Box, Stack, Textarea } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { offerStatusOf } from '@pruefbuch/domain/rules/offer-ampel';
import type { Offer, OfferDraft, OfferSource } from '@pruefbuch/domain/schemas/offer';
import type { Order } from '@pruefbuch/domain/schemas/order';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { FormSection, SECTION_SCROLL_MARGIN, SectionNav } from '@/components/ui/form-section';
import { notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { getSessionState, toPrincipal, useSession, useSyncCurrentTenant } from '@/lib/session';
import { useCreateOffer } from '../api/create-offer';
import { useDeleteOffer } from '../api/delete-offer';
import { getOfferQueryOptions, useOffer } from '../api/get-offer';
import { useOfferDraft } from '../api/get-offer-draft';
import { useOfferUsers } from '../api/get-offer-users';
import { offerKeys } from '../api/keys';
import { useUpdateOffer } from '../api/update-offer';
import { KtbReminderDialog } from '../components/ktb-reminder-dialog';
import { AngebotFields, ErsatzteileFields, OpmFields } from '../components/offer-block-fields';
import { OfferFiles } from '../components/offer-files';
import { OfferProtocol } from '../components/offer-protocol';
import { OfferRequestFields } from '../components/offer-request-fields';
import { OfferSourceNote, OfferStatusBar } from '../components/offer-status-bar';
import { TakeOverDialog } from '../components/take-over-dialog';
import {
  liveAmpel,
  liveFollowUpDue,
  liveMayTakeOver,
  newOfferValues,
  type OfferValues,
  offerFormSchema,
  offerToValues,
  serverStateOf,
  sourceFromParams,
  toCreateBody,
  toUpdateBody,
} from '../offer-form';

const NEW_SLUG = 'new';

const offerName = (t: (key: string) => string, o: { angebot: { offerNr: string }; objekt: string }) =>
  o.angebot.offerNr || o.objekt || t('offers.list.noNumber');

/**
 * offer (/offer/{slug?}): one technical offer; no slug or 'new' starts one, with ?book&record&defect filled
 * from that defect of an inspection record. Sections as the blocks of SPEC §3; the ampel follows the input.
 */
export function OfferEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const [search] = useSearchParams();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('offers:write', user);
  const isNew = !slug || slug === NEW_SLUG;
  const source = isNew ? sourceFromParams(search) : null;
  // Started from a defect: the offer belongs to the defect's tenant, which becomes the current one.
  const tenant = isNew ? search.get('tenant') : null;
  useSyncCurrentTenant(tenant ?? undefined);
  const offer = useOffer(isNew ? undefined : slug);
  const draft = useOfferDraft(mayWrite && (!tenant || tenant === currentTenant) ? source : null);
  const back = { to: screenPath('offer_list'), label: t('offers.editor.back') };
  usePageTitle(offer.data ? offerName(t, offer.data) : undefined);

  if (isNew) {
    return (
      <EditorPage title={t('offers.editor.newTitle')} back={back} maw={1100}>
        {!mayWrite ? (
          <Alert color="orange" icon={<IconLock size={18} />} data-testid="offer-no-write">
            {t('errors.FORBIDDEN')}
          </Alert>
        ) : source ? (
          <EntityLoad query={draft}>{(d) => <OfferEditor draft={d} mayWrite />}</EntityLoad>
        ) : (
          <OfferEditor mayWrite />
        )}
      </EditorPage>
    );
  }
  return (
    <EditorPage
      title={
        offer.data?.angebot.offerNr
          ? t('offers.editor.title', { nr: offer.data.angebot.offerNr })
          : t('offers.editor.titleNoNr')
      }
      description={offer.data ? [offer.data.objekt, offer.data.debitor].filter(Boolean).join(' · ') : undefined}
      back={back}
      maw={1100}
    >
      <EntityLoad query={offer}>{(o) => <OfferEditor key={o._id} offer={o} mayWrite={mayWrite} />}</EntityLoad>
    </EditorPage>
  );
}

/** The form of an offer: create (POST, linked to a defect when drafted from one) or update (PUT with __v). */
function OfferEditor({ offer, draft, mayWrite }: { offer?: Offer; draft?: OfferDraft; mayWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayDelete = !!user && mayCall('offers:delete', user);
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const remove = useDeleteOffer();
  const users = useOfferUsers();
  const [ktbOpen, setKtbOpen] = useState(false);
  const source: OfferSource | null = offer?.source
    ? { book: offer.source.book, record: offer.source.record, defect: offer.source.defect }
    : (draft?.source ?? null);

  const fetchLatest = offer
    ? () =>
        queryClient.fetchQuery({ ...getOfferQueryOptions(getSessionState().currentTenant, offer._id), staleTime: 0 })
    : undefined;

  const editor = useEntityEditor<OfferValues, Offer>({
    schema: offerFormSchema,
    initialValues: offer ? offerToValues(offer) : newOfferValues(draft?.fields, session, berlinToday()),
    toValues: offerToValues,
    isNew: !offer,
    readOnly: !mayWrite,
    save: (values) =>
      offer
        ? update.mutateAsync({ id: offer._id, data: toUpdateBody(values) })
        : create.mutateAsync(toCreateBody(values, source)),
    fetchLatest,
    onSaved: (saved) => {
      if (!offer) navigate(screenPath('offer', { slug: saved._id }), { replace: true });
    },
  });
  const { form } = editor;
  const values = form.values;

  /** The offer changed beside the form (a file, the KTB mail, the hand-over): its new version is taken. */
  const refresh = async () => {
    if (!fetchLatest) return;
    try {
      const latest = await fetchLatest();
      if (editor.dirty) form.setFieldValue('__v', latest.__v);
      else editor.reset(latest);
    } catch {
      // the next save meets the conflict dialog
    }
  };

  const server = serverStateOf(offer);
  const ampel = liveAmpel(values, server);
  const savedAmpel = offer ? { label: offer.ampel, colour: offer.ampelColour } : null;
  const preview =
    editor.dirty && (!savedAmpel || savedAmpel.label !== ampel.label || savedAmpel.colour !== ampel.colour);
  const canTakeOver = !!offer && mayWrite && !!user && mayCall('orders:write', user) && liveMayTakeOver(values, server);

  const [takeOverOpen, setTakeOverOpen] = useState(false);
  const onTakenOver = (order: Order) => {
    setTakeOverOpen(false);
    notifySuccess({ text: t('orders.takeOver.done') });
    void queryClient.invalidateQueries({ queryKey: offerKeys.all });
    navigate(screenPath('orderprocessing', { slug: order._id }));
  };

  const sections = [
    { id: 'offer-request', title: t('offers.sections.request') },
    { id: 'offer-angebot', title: t('offers.sections.angebot') },
    { id: 'offer-opm', title: t('offers.sections.opm') },
    { id: 'offer-ersatzteile', title: t('offers.sections.ersatzteile') },
    { id: 'offer-notes', title: t('offers.sections.notes') },
    { id: 'offer-files', title: t('offers.sections.files') },
    ...(offer ? [{ id: 'offer-protocol', title: t('protocol.title') }] : []),
  ];

  return (
    <Stack gap="md">
      <SectionNav sections={sections} label={t('offers.editor.sectionNav')} />
      <OfferStatusBar
        ampel={ampel}
        preview={preview}
        due={liveFollowUpDue(values)}
        status={offerStatusOf(values.angebot.talkResult)}
        offer={offer}
        onRemindKtb={offer && mayWrite ? () => setKtbOpen(true) : undefined}
        onTakeOver={canTakeOver ? () => setTakeOverOpen(true) : undefined}
        orderId={offer?.opm.orderId ?? null}
      />
      {source && currentTenant ? (
        <OfferSourceNote
          tenant={currentTenant}
          source={source}
          bookTitle={offer?.source?.bookTitle}
          defectText={offer?.source?.defectText ?? draft?.defectText ?? ''}
          saved={!!offer}
        />
      ) : null}
      {!mayWrite ? (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t('offers.editor.noWrite')}
        </Alert>
      ) : null}
      <EditorForm
        editor={editor}
        framed={false}
        testId="offer"
        remove={
          offer && mayDelete
            ? {
                title: t('offers.editor.deleteTitle'),
                message: t('offers.editor.deleteConfirm', { name: offerName(t, offer) }),
                run: () => remove.mutateAsync(offer._id),
                onDeleted: () => navigate(screenPath('offer_list'), { replace: true }),
                blocked: offer.opm.orderId ? t('offers.deleteBlocked') : null,
              }
            : null
        }
      >
        <Stack gap="md">
          <FormSection id="offer-request" title={t('offers.sections.request')} testId="offer-section-request">
            <OfferRequestFields
              form={form}
              users={users.data ?? []}
              usersLoading={users.isPending}
              usersFailed={users.isError}
              offer={offer}
            />
          </FormSection>
          <FormSection id="offer-angebot" title={t('offers.sections.angebot')} testId="offer-section-angebot">
            <AngebotFields form={form} />
          </FormSection>
          <FormSection id="offer-opm" title={t('offers.sections.opm')} testId="offer-section-opm">
            <OpmFields form={form} offer={offer} />
          </FormSection>
          <FormSection
            id="offer-ersatzteile"
            title={t('offers.sections.ersatzteile')}
            testId="offer-section-ersatzteile"
          >
            <ErsatzteileFields form={form} />
          </FormSection>
          <FormSection id="offer-notes" title={t('offers.sections.notes')}>
            <Box>
              <NotesField form={form} />
            </Box>
          </FormSection>
        </Stack>
      </EditorForm>
      <FormSection id="offer-files" title={t('offers.sections.files')} testId="offer-section-files">
        {offer ? (
          <OfferFiles offer={offer} canWrite={mayWrite} onChanged={() => void refresh()} />
        ) : (
          <Alert color="gray" variant="light">
            {t('offers.files.afterSave')}
          </Alert>
        )}
      </FormSection>
      {offer ? (
        <Box id="offer-protocol" style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
          <OfferProtocol id={offer._id} users={users.data ?? []} />
        </Box>
      ) : null}
      {offer && canTakeOver ? (
        <TakeOverDialog
          offerId={offer._id}
          opened={takeOverOpen}
          users={users.data ?? []}
          beforeTakeOver={async () => !editor.dirty || !!(await editor.save({ toast: false }))}
          onClose={() => setTakeOverOpen(false)}
          onDone={onTakenOver}
        />
      ) : null}
      {offer ? (
        <KtbReminderDialog
          offer={offer}
          opened={ktbOpen}
          onClose={() => setKtbOpen(false)}
          onSent={() => void refresh()}
        />
      ) : null}
    </Stack>
  );
}

function NotesField({ form }: { form: ReturnType<typeof useEntityEditor<OfferValues, Offer>>['form'] }) {
  const { t } = useTranslation();
  return (
    <Textarea
      {...form.getInputProps('notes')}
      label={t('offers.fields.notes')}
      autosize
      minRows={3}
      maxRows={12}
      data-testid="offer-notes"
    />
  );
}
