import { Alert, Box, Stack } from '@mantine/core';
import { mayCall, screenPath } from '@pruefbuch/domain/access';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { ORDER_DEFAULTS, type Order, orderCreateSchema } from '@pruefbuch/domain/schemas/order';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EditorForm } from '@/components/ui/entity-editor/editor-form';
import { EditorPage } from '@/components/ui/entity-editor/editor-page';
import { EntityLoad } from '@/components/ui/entity-editor/entity-load';
import { useEntityEditor } from '@/components/ui/entity-editor/use-entity-editor';
import { FormSection, SECTION_SCROLL_MARGIN, SectionNav } from '@/components/ui/form-section';
import { useCostList } from '@/features/costlist';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/page-title';
import { getSessionState, toPrincipal, useSession } from '@/lib/session';
import { useCreateOrder } from '../api/create-order';
import { useDeleteOrder } from '../api/delete-order';
import { getOrderQueryOptions, useOrder } from '../api/get-order';
import { useStepOrder } from '../api/step-order';
import { useUpdateOrder } from '../api/update-order';
import { BookDialog } from '../components/book-dialog';
import {
  ContactFields,
  ElFields,
  LeistungFields,
  ObjektFields,
  TuerFields,
  VkidFields,
} from '../components/order-fields';
import { OrderProtocol } from '../components/order-protocol';
import { OrderStatusBar } from '../components/order-status-bar';
import { DeliveriesTable, MawTable } from '../components/order-tables';
import { PlanConflicts } from '../components/plan-conflicts';
import { ProductionFields } from '../components/production-fields';
import { TransferDialog } from '../components/transfer-dialog';
import {
  type OrderValues,
  orderFormSchema,
  orderToValues,
  type StepOption,
  stepOptions,
  toUpdateBody,
} from '../order-form';

const NEW_SLUG = 'new';

const orderName = (t: (key: string) => string, o: { abnr: string; objekt: string }) =>
  o.abnr || o.objekt || t('orders.editor.titleNoNr');

/**
 * orderprocessing (/orderprocessing/{slug?}): one order; no slug or 'new' starts one. Sections as the blocks of
 * SPEC §3, the status bar with the ampels and the next steps, hand-over to a department and the book.
 */
export function OrderEditPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { session } = useSession();
  const user = toPrincipal(session);
  const mayWrite = !!user && mayCall('orders:write', user);
  const isNew = !slug || slug === NEW_SLUG;
  const order = useOrder(isNew ? undefined : slug);
  const back = { to: screenPath('list_orderprocessing'), label: t('orders.editor.back') };
  usePageTitle(order.data ? orderName(t, order.data) : undefined);

  if (isNew) {
    return (
      <EditorPage title={t('orders.editor.newTitle')} back={back} maw={1100}>
        {mayWrite ? (
          <OrderEditor mayWrite />
        ) : (
          <Alert color="orange" icon={<IconLock size={18} />} data-testid="order-no-write">
            {t('errors.FORBIDDEN')}
          </Alert>
        )}
      </EditorPage>
    );
  }
  return (
    <EditorPage
      title={order.data?.abnr ? t('orders.editor.title', { nr: order.data.abnr }) : t('orders.editor.titleNoNr')}
      description={order.data ? [order.data.objekt, order.data.kunde].filter(Boolean).join(' · ') : undefined}
      back={back}
      maw={1100}
    >
      <EntityLoad query={order}>{(o) => <OrderEditor key={o._id} order={o} mayWrite={mayWrite} />}</EntityLoad>
    </EditorPage>
  );
}

function OrderEditor({ order, mayWrite }: { order?: Order; mayWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session, currentTenant } = useSession();
  const user = toPrincipal(session);
  const mayDelete = !!user && mayCall('orders:delete', user);
  // Making the book needs the book writers' right, as on the server (decision 043).
  const mayBook = !!user && mayCall('books:write', user);
  const create = useCreateOrder();
  const update = useUpdateOrder();
  const remove = useDeleteOrder();
  const step = useStepOrder();
  const [stepping, setStepping] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [transferOpen, setTransferOpen] = useState(false);
  const [bookOpen, setBookOpen] = useState(false);
  const costList = useCostList();

  const fetchLatest = order
    ? () =>
        queryClient.fetchQuery({ ...getOrderQueryOptions(getSessionState().currentTenant, order._id), staleTime: 0 })
    : undefined;

  const editor = useEntityEditor<OrderValues, Order>({
    schema: orderFormSchema,
    initialValues: order ? orderToValues(order) : { ...structuredClone(ORDER_DEFAULTS), __v: 0 },
    toValues: orderToValues,
    isNew: !order,
    readOnly: !mayWrite,
    save: (values) => {
      if (order) return update.mutateAsync({ id: order._id, data: toUpdateBody(values) });
      const { __v, ...fields } = values;
      void __v;
      return create.mutateAsync(orderCreateSchema.parse(fields));
    },
    fetchLatest,
    onSaved: (saved) => {
      if (!order) navigate(screenPath('orderprocessing', { slug: saved._id }), { replace: true });
    },
  });
  const { form } = editor;
  const fieldLabel = (path: string) => t(`orders.fields.${path}`, { defaultValue: path });

  const steps = order && user && mayWrite ? stepOptions(order.status, user.role, form.values, berlinToday()) : [];

  const runStep = async (s: StepOption) => {
    if (!order) return;
    setRefused([]);
    let version = order.__v;
    if (editor.dirty) {
      const saved = await editor.save({ toast: false });
      if (!saved) return;
      version = saved.__v;
    }
    setStepping(s.to);
    try {
      const saved = await step.mutateAsync({ id: order._id, to: s.to, __v: version });
      editor.reset(saved);
      notifySuccess({ text: t('orders.editor.steps.done', { status: t(`orders.status.${saved.status}`) }) });
    } catch (error) {
      if (isApiError(error) && error.details.length) {
        setRefused(error.details.map((d) => `${fieldLabel(d.field)}: ${t(d.key, { defaultValue: d.message })}`));
        for (const d of error.details) form.setFieldError(d.field as never, t(d.key, { defaultValue: d.message }));
      }
      notifyError(errorText(t, error), t('orders.editor.steps.refused'));
    } finally {
      setStepping(null);
    }
  };

  /** The order changed beside the form (a hand-over, a book): its new version is taken. */
  const adopt = (saved?: Order) => {
    const apply = (latest: Order) => {
      if (editor.dirty) form.setFieldValue('__v', latest.__v);
      else editor.reset(latest);
    };
    if (saved) apply(saved);
    else void fetchLatest?.().then(apply, () => undefined);
  };

  const sections = [
    { id: 'order-objekt', title: t('orders.editor.sections.objekt') },
    { id: 'order-leistung', title: t('orders.editor.sections.leistung') },
    { id: 'order-contacts', title: t('orders.editor.sections.contacts') },
    { id: 'order-vkid', title: t('orders.editor.sections.vkid') },
    { id: 'order-el', title: t('orders.editor.sections.el') },
    { id: 'order-logistik', title: t('orders.editor.sections.logistik') },
    { id: 'order-maw', title: t('orders.editor.sections.maw') },
    { id: 'order-tuer', title: t('orders.editor.sections.tuer') },
    { id: 'order-fertigung', title: t('capacity.production.title') },
    ...(order ? [{ id: 'order-protocol', title: t('protocol.title') }] : []),
  ];

  return (
    <Stack gap="md">
      <SectionNav sections={sections} label={t('orders.editor.sectionNav')} />
      {order ? (
        <OrderStatusBar
          order={order}
          tenant={currentTenant}
          steps={steps}
          stepping={stepping}
          refused={refused}
          onStep={mayWrite ? (s) => void runStep(s) : undefined}
          onTransfer={mayWrite ? () => setTransferOpen(true) : undefined}
          onCreateBook={
            mayBook && currentTenant && order.tuer.tuertyp && !order.bookId ? () => setBookOpen(true) : undefined
          }
          bookNeedsDoorType={mayBook && !order.bookId && !order.tuer.tuertyp}
        />
      ) : null}
      {order ? (
        <PlanConflicts key={order.__v} orderId={order._id} enabled={!!user && mayCall('capacity:read', user)} />
      ) : null}
      {!mayWrite ? (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t('orders.editor.noWrite')}
        </Alert>
      ) : null}
      <EditorForm
        editor={editor}
        framed={false}
        testId="order"
        remove={
          order && mayDelete && order.status === 'CREATED'
            ? {
                title: t('orders.editor.deleteTitle'),
                message: t('orders.editor.deleteConfirm', { name: orderName(t, order) }),
                run: () => remove.mutateAsync(order._id),
                onDeleted: () => navigate(screenPath('list_orderprocessing'), { replace: true }),
              }
            : null
        }
      >
        <Stack gap="md">
          <FormSection id="order-objekt" title={t('orders.editor.sections.objekt')} testId="order-section-objekt">
            <ObjektFields form={form} />
          </FormSection>
          <FormSection id="order-leistung" title={t('orders.editor.sections.leistung')}>
            <LeistungFields form={form} />
          </FormSection>
          <FormSection id="order-contacts" title={t('orders.editor.sections.contacts')}>
            <ContactFields form={form} />
          </FormSection>
          <FormSection id="order-vkid" title={t('orders.editor.sections.vkid')} testId="order-section-vkid">
            <VkidFields form={form} />
          </FormSection>
          <FormSection id="order-el" title={t('orders.editor.sections.el')} testId="order-section-el">
            <ElFields form={form} />
          </FormSection>
          <FormSection id="order-logistik" title={t('orders.editor.sections.logistik')}>
            <DeliveriesTable form={form} readOnly={!mayWrite} />
          </FormSection>
          <FormSection id="order-maw" title={t('orders.editor.sections.maw')}>
            <MawTable form={form} readOnly={!mayWrite} rates={costList.data?.maw} />
          </FormSection>
          <FormSection id="order-tuer" title={t('orders.editor.sections.tuer')} testId="order-section-tuer">
            <TuerFields form={form} />
          </FormSection>
          <FormSection id="order-fertigung" title={t('capacity.production.title')} testId="order-section-fertigung">
            <ProductionFields
              form={form}
              costList={costList.data}
              costListError={costList.isError ? costList.error : null}
              onRetry={() => void costList.refetch()}
            />
          </FormSection>
        </Stack>
      </EditorForm>
      {order ? (
        <Box id="order-protocol" style={{ scrollMarginTop: SECTION_SCROLL_MARGIN }}>
          <OrderProtocol order={order} />
        </Box>
      ) : null}
      {order ? (
        <TransferDialog order={order} opened={transferOpen} onClose={() => setTransferOpen(false)} onDone={adopt} />
      ) : null}
      {order && currentTenant ? (
        <BookDialog
          order={order}
          tenant={currentTenant}
          opened={bookOpen}
          onClose={() => setBookOpen(false)}
          onDone={() => adopt()}
        />
      ) : null}
    </Stack>
  );
}
