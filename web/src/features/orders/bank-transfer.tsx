// The ways to pay the server has (public configuration, DESIGN.md 7b), in the order South Africans
// expect them: 'Pay by card' while a card gateway can take the payment, 'Pay by instant EFT' while
// Ozow can, then bank transfer with the order reference as the payment reference.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ProofUploadResponse, QuoteOrderRequest, QuoteOrderResponse } from '@shared/orders-api';
import { ApiError, apiRequest } from '../../lib/api-client';
import { postForm } from '../../lib/api-upload';
import { formatRand } from '../../lib/format';
import { formatLongDate } from './orders-model';
import { usePublicConfig } from '../../lib/public-config';
import { completedOrderFromDto, writeCompletedOrder } from '../../lib/quote-storage';
import { hasPaymentContact, type SessionQuote } from './stored-quote-model';
import { PayByCard, type PayByCardProps } from './pay-by-card';
import './bank-transfer.css';

/** The shop's account and the payment reference; nothing when no account is configured. */
export function BankTransferInstructions({
  reference,
  total,
  alternative = false,
}: {
  reference: string;
  total: number;
  alternative?: boolean;
}) {
  const { bankTransfer: bank } = usePublicConfig().payment;
  const id = useId();
  if (!bank) return null;
  return (
    <section className="bank-transfer" aria-labelledby={`${id}-title`} data-testid="bank-transfer">
      <h3 id={`${id}-title`} className="bank-transfer__title">
        {alternative ? 'Or pay by bank transfer' : 'Pay by bank transfer'}
      </h3>
      <p>
        Pay <strong>{formatRand(total)}</strong> (VAT included) by bank transfer (EFT) into the account below. Use your order reference{' '}
        <strong>{reference}</strong> as the payment reference, so we can match your payment to your order.
      </p>
      <dl className="orders-meta bank-transfer__details">
        <dt>Account name</dt>
        <dd>{bank.accountName}</dd>
        <dt>Bank</dt>
        <dd>{bank.bankName}</dd>
        <dt>Account number</dt>
        <dd>{bank.accountNumber}</dd>
        <dt>Branch code</dt>
        <dd>{bank.branchCode}</dd>
        <dt>Account type</dt>
        <dd>{bank.accountType}</dd>
        <dt>Payment reference</dt>
        <dd data-testid="payment-reference">{reference}</dd>
      </dl>
      <p className="bank-transfer__note">
        Production starts once your payment is received. These details are also in your confirmation e-mail.
      </p>
    </section>
  );
}

/**
 * The online ways to pay that are configured, card first, then instant EFT. ?pay=1 starts a checkout
 * by itself only when there is one online way to pay: with two, the customer chooses.
 */
function OnlinePayments({ card }: { card: PayByCardProps }) {
  const { payment } = usePublicConfig();
  // The sandbox's test instant EFT (a local set-up) is offered beside the card but is no second real
  // choice: ?pay=1 starts the card checkout as on a card-only shop.
  const single = !(payment.card && payment.instantEft && !payment.instantEftTest);
  return (
    <>
      {payment.card && <PayByCard {...card} method="card" autoStart={single && card.autoStart} />}
      {payment.instantEft && (
        <PayByCard
          {...card}
          // Beside the card, its own words: two buttons both called 'Try again' could not be told apart.
          {...(payment.card ? { label: undefined, heading: undefined } : {})}
          method="instant_eft"
          test={payment.instantEftTest}
          autoStart={single && !payment.card && card.autoStart}
        />
      )}
    </>
  );
}

/** How an order still to be paid can be paid: card, instant EFT, bank transfer, each only when configured. */
export function OrderPaymentOptions({ reference, total, card }: { reference: string; total: number; card: PayByCardProps }) {
  const { payment } = usePublicConfig();
  const online = payment.card || payment.instantEft;
  if (!online && !payment.bankTransfer) return <p>Our team will contact you to arrange payment.</p>;
  return (
    <>
      <OnlinePayments card={card} />
      <BankTransferInstructions reference={reference} total={total} alternative={online} />
    </>
  );
}

/** The largest proof the server takes (worker/services/payments/proof-of-payment.ts PROOF_MAX_BYTES). */
const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const PROOF_FAILURE = 'We could not upload your proof of payment just now. Please try again, or e-mail it to us with your order reference.';

type ProofState = { status: 'idle' | 'uploading' } | { status: 'done'; at: string } | { status: 'error'; message: string };

/**
 * 'Upload proof of payment' on the order's page (DESIGN.md 7b, bank transfer): a PDF, JPEG or PNG of
 * at most 5 MB (the server checks the content again), while the order is unpaid or part paid and
 * bank transfer is offered. Staff are told, and match it to the transfer.
 */
export function ProofOfPaymentUpload({ reference, uploadedAt }: { reference: string; uploadedAt: string | null }) {
  const { bankTransfer } = usePublicConfig().payment;
  const [state, setState] = useState<ProofState>(uploadedAt ? { status: 'done', at: uploadedAt } : { status: 'idle' });
  const [file, setFile] = useState<File | null>(null);
  const id = useId();
  if (!bankTransfer) return null;

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return setState({ status: 'error', message: 'Choose the PDF or picture of your proof of payment first.' });
    if (file.size > PROOF_MAX_BYTES)
      return setState({ status: 'error', message: 'The file is larger than 5 MB. Please upload a smaller PDF, JPEG or PNG.' });
    setState({ status: 'uploading' });
    try {
      const form = new FormData();
      form.append('file', file);
      const answer = await postForm<ProofUploadResponse>(`/api/orders/${encodeURIComponent(reference)}/proof-of-payment`, form);
      setFile(null);
      setState({ status: 'done', at: answer.proofUploadedAt });
    } catch (err) {
      setState({
        status: 'error',
        message: err instanceof ApiError && err.status < 500 && err.serverMessage ? err.serverMessage : PROOF_FAILURE,
      });
    }
  }

  const uploading = state.status === 'uploading';
  return (
    <section className="bank-transfer proof-upload" aria-labelledby={`${id}-title`} data-testid="proof-upload">
      <h3 id={`${id}-title`} className="bank-transfer__title">
        Upload proof of payment
      </h3>
      <p>
        Paid already? Upload the proof of payment from your bank (PDF, JPEG or PNG, at most 5 MB) so we can match it to your order sooner.
      </p>
      <form onSubmit={(e) => void upload(e)} aria-labelledby={`${id}-title`}>
        <label htmlFor={`${id}-file`} className="proof-upload__label">
          Proof of payment file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
          aria-describedby={`${id}-status`}
          disabled={uploading}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            if (state.status === 'error') setState({ status: 'idle' });
          }}
        />
        <button type="submit" className="button button--accent proof-upload__button" disabled={uploading || !file} aria-busy={uploading}>
          {uploading ? 'Uploading…' : 'Upload proof of payment'}
        </button>
      </form>
      <div id={`${id}-status`}>
        {uploading && (
          <p role="status" className="proof-upload__progress">
            <progress aria-label="Uploading your proof of payment" /> Uploading your proof of payment…
          </p>
        )}
        {state.status === 'done' && (
          <p role="status" className="proof-upload__done" data-testid="proof-received">
            Proof of payment received on {formatLongDate(state.at)}. We will confirm once the transfer reaches our account.
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="orders-error">
            {state.message}
          </p>
        )}
      </div>
    </section>
  );
}

export const QUOTE_ORDER_FAILURE = 'We could not place your order just now. Please try again, or contact us to order.';

/**
 * A stored quote's way to order: 'Pay by card' and/or 'Pay by instant EFT' when configured; otherwise 'Place order', which
 * makes the order (POST /api/quotes/{id}/order) and opens its confirmation, where the customer reads
 * how to pay.
 */
export function QuoteOrderOrPay({ quote, card }: { quote: SessionQuote; card: PayByCardProps }) {
  const { payment } = usePublicConfig();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (payment.card || payment.instantEft) return <OnlinePayments card={card} />;

  const info = quote.customer_info;
  const canOrder = Boolean(quote.key) && hasPaymentContact(info) && !card.disabled;
  async function placeOrder() {
    if (pending || !quote.key) return;
    setPending(true);
    setError(null);
    try {
      const body: QuoteOrderRequest = {
        quote_key: quote.key,
        customer_info: { name: info.name.trim(), email: info.email.trim(), ...(info.phone.trim() ? { phone: info.phone.trim() } : {}) },
      };
      const answer = await apiRequest<QuoteOrderResponse>('POST', `/api/quotes/${encodeURIComponent(quote.quote_id)}/order`, body);
      try {
        writeCompletedOrder(completedOrderFromDto(answer.order));
      } catch {
        // The confirmation page reads the order from the server by its reference.
      }
      navigate(`/order-confirmation?ref=${encodeURIComponent(answer.reference)}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status < 500 && err.serverMessage ? err.serverMessage : QUOTE_ORDER_FAILURE);
      setPending(false);
    }
  }

  return (
    <section className="bank-transfer" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="bank-transfer__title">
        Order now, pay by bank transfer
      </h3>
      <p>
        {payment.bankTransfer
          ? `Place your order for ${formatRand(quote.total)} (VAT included). The next page and your confirmation e-mail give our bank details, with your order reference as the payment reference.`
          : `Place your order for ${formatRand(quote.total)} (VAT included); our team will contact you to arrange payment.`}
      </p>
      <button
        type="button"
        className="button button--accent bank-transfer__button"
        onClick={() => void placeOrder()}
        disabled={!canOrder || pending}
        aria-busy={pending}
      >
        {pending ? 'Placing your order...' : 'Place order'}
      </button>
      {error && (
        <p className="orders-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
