import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';

/**
 * A protocol double of EventStoreDB's gRPC Streams service, built from the message classes and the
 * service definition generated from the server's .proto files that ship with `@eventstore/db-client`.
 * It speaks the wire protocol the real client speaks, so the adapter under test runs unchanged.
 *
 * Semantics kept from the real server (single node, v23):
 * - stream revisions count from 0; expected revision any / no_stream / stream_exists / exact, and a
 *   wrong one answers AppendResp.wrong_expected_version with the current revision (or no stream);
 *   retrying an append whose event ids were all written just after the expected revision is
 *   idempotent: it answers the first write's result and writes nothing;
 * - positions are log byte offsets (commit = prepare for an append, gaps between records), so a
 *   reader that assumed consecutive positions would fail here as it would on the real server;
 * - $all holds system records ($-prefixed types and streams) besides application events;
 * - reading $all forwards from a position includes the record at that position; backwards from a
 *   position starts with the record before it;
 * - reading a stream that does not exist answers stream_not_found; reading past its end answers
 *   nothing;
 * - a subscription to $all confirms, replays after its position (exclusive), sends caught_up, then
 *   delivers live; a filter sends checkpoints every `checkpointIntervalMultiplier` × 32 records scanned
 *   without a match (its maximum search window), as the server does;
 * - `created` is sent as .NET ticks since the Unix epoch.
 * Not covered (each answers UNIMPLEMENTED or is ignored): Delete, Tombstone, BatchAppend, stream
 * subscriptions, persistent subscriptions, projections, ACLs and credentials, stream metadata
 * ($maxAge, $maxCount, truncation), link resolution, clustering and leader election, TLS, gossip,
 * scavenging, the maximum append size, deadlines enforced by the server, and durability (it keeps
 * everything in memory: `stop` then `start({ port })` is a restart that keeps the log, a new double a
 * server whose disk was wiped).
 */
const require = createRequire(import.meta.url);
const streamsPb = require('@eventstore/db-client/generated/streams_pb.js') as typeof import('@eventstore/db-client/generated/streams_pb.js');
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb.js') as { StreamsService: grpc.ServiceDefinition };
const sharedPb = require('@eventstore/db-client/generated/shared_pb.js') as typeof import('@eventstore/db-client/generated/shared_pb.js');
const featuresPb = require('@eventstore/db-client/generated/serverfeatures_pb.js') as typeof import('@eventstore/db-client/generated/serverfeatures_pb.js');
const featuresGrpc = require('@eventstore/db-client/generated/serverfeatures_grpc_pb.js') as { ServerFeaturesService: grpc.ServiceDefinition };

type ReadReq = InstanceType<typeof streamsPb.ReadReq>;
type ReadResp = InstanceType<typeof streamsPb.ReadResp>;
type AppendReq = InstanceType<typeof streamsPb.AppendReq>;
type AppendResp = InstanceType<typeof streamsPb.AppendResp>;
type Uuid = InstanceType<typeof sharedPb.UUID>;

/** One record of the transaction log. */
export type StoredRecord = {
  id: string;
  streamId: string;
  revision: bigint;
  /** Log position of the record; for an append commit and prepare positions are equal. */
  position: bigint;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  createdTicks: bigint;
};

type Filter = { on: 'stream' | 'type'; matches(value: string): boolean; window: number };
type Subscriber = { deliver(record: StoredRecord): void };

const TICKS_PER_MS = 10_000n;
/** A log record's header before its payload (the real server's is of this order). */
const RECORD_OVERHEAD = 131n;
/** The server's default search window, multiplied by a filter's checkpoint interval. */
const CHECKPOINT_WINDOW = 32;
/** The system records a fresh real node writes to its log before anything else. */
const BOOT_RECORDS = [
  { streamId: '$epoch-information', type: '$epoch-information' },
  { streamId: '$scavenges', type: '$scavengeIndexInitialized' },
  { streamId: '$users', type: '$UserCreated' },
  { streamId: '$$$users', type: '$metadata' },
];

export class EventStoreDbDouble {
  readonly records: StoredRecord[] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly subscribers = new Set<Subscriber>();
  private nextPosition = 0n;
  private server: grpc.Server | undefined;
  /** Appends the double has answered, for tests that count round trips. */
  appends = 0;
  /** The next this many appends are written, then answered UNAVAILABLE, as when the connection drops before the answer arrives. */
  answersLost = 0;
  url = '';
  port = 0;

  /** Starts on a free port, or on `port`: a double stopped and started again on its port is a server restarting, its log kept. */
  async start({ port: wanted = 0 }: { port?: number } = {}): Promise<this> {
    if (this.records.length === 0) for (const { streamId, type } of BOOT_RECORDS) this.writeSystemRecord(streamId, type);
    const server = new grpc.Server();
    server.addService(streamsGrpc.StreamsService, {
      read: (call: grpc.ServerWritableStream<ReadReq, ReadResp>) => this.read(call),
      append: (call: grpc.ServerReadableStream<AppendReq, AppendResp>, callback: grpc.sendUnaryData<AppendResp>) => this.append(call, callback),
      delete: unimplemented('Delete'),
      tombstone: unimplemented('Tombstone'),
      batchAppend: unimplementedStream('BatchAppend'),
    });
    server.addService(featuresGrpc.ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, supportedMethods()),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`127.0.0.1:${wanted}`, grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    this.server = server;
    this.port = port;
    this.url = `esdb://127.0.0.1:${port}?tls=false`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    this.subscribers.clear();
    server.forceShutdown();
  }

  /** Writes a system record, as the real server does for stats, settings and scavenges at any time. */
  writeSystemRecord(streamId: string, type: string): StoredRecord {
    const existing = this.streams.get(streamId) ?? [];
    return this.write(streamId, BigInt(existing.length), [
      { id: randomUUID(), type, contentType: 'application/json', data: Buffer.from('{}'), metadata: new Uint8Array() },
    ])[0];
  }

  private write(streamId: string, firstRevision: bigint, proposed: Array<Pick<StoredRecord, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>>): StoredRecord[] {
    const stream = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, stream);
    const createdTicks = BigInt(Date.now()) * TICKS_PER_MS;
    const written = proposed.map((message, index) => {
      const record: StoredRecord = { ...message, streamId, revision: firstRevision + BigInt(index), position: this.nextPosition, createdTicks };
      this.nextPosition += RECORD_OVERHEAD + BigInt(message.data.length + message.metadata.length + streamId.length + message.type.length);
      return record;
    });
    stream.push(...written);
    this.records.push(...written);
    for (const record of written) for (const subscriber of this.subscribers) subscriber.deliver(record);
    return written;
  }

  private append(call: grpc.ServerReadableStream<AppendReq, AppendResp>, callback: grpc.sendUnaryData<AppendResp>): void {
    let options: InstanceType<typeof streamsPb.AppendReq.Options> | undefined;
    const proposed: Array<Pick<StoredRecord, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>> = [];
    let failed = false;
    call.on('data', (request: AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      else if (request.hasProposedMessage()) {
        const message = request.getProposedMessage()!;
        const metadata = message.getMetadataMap();
        const type = metadata.get('type');
        const contentType = metadata.get('content-type');
        if (!type || !contentType) {
          failed = true;
          callback(requiredMetadataMissing(!type ? 'type' : 'content-type'));
          return;
        }
        proposed.push({ id: uuidString(message.getId()), type, contentType, data: message.getData_asU8(), metadata: message.getCustomMetadata_asU8() });
      }
    });
    call.on('end', () => {
      if (failed) return;
      if (!options) return callback({ code: grpc.status.INVALID_ARGUMENT, details: 'The first append message must carry the options.' });
      this.appends++;
      const response = this.commit(options, proposed);
      if (this.answersLost > 0) {
        this.answersLost--;
        return callback({ code: grpc.status.UNAVAILABLE, details: 'The connection was lost before the answer arrived.' });
      }
      callback(null, response);
    });
  }

  private commit(options: InstanceType<typeof streamsPb.AppendReq.Options>, proposed: Array<Pick<StoredRecord, 'id' | 'type' | 'contentType' | 'data' | 'metadata'>>): AppendResp {
    const streamId = streamName(options.getStreamIdentifier());
    const stream = this.streams.get(streamId);
    const current = stream && stream.length > 0 ? BigInt(stream.length - 1) : undefined;
    const expected = options.hasRevision() ? BigInt(options.getRevision()) : options.hasNoStream() ? 'no_stream' : options.hasStreamExists() ? 'stream_exists' : 'any';

    const retried = stream && this.alreadyWritten(stream, expected, proposed);
    if (retried) return appendSuccess(retried);

    const accepted =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      (typeof expected === 'bigint' && expected === current);
    const response = new streamsPb.AppendResp();
    if (!accepted) {
      const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
      if (current === undefined) wrong.setCurrentNoStream(new sharedPb.Empty());
      else wrong.setCurrentRevision(current.toString());
      if (typeof expected === 'bigint') wrong.setExpectedRevision(expected.toString());
      else if (expected === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
      else wrong.setExpectedStreamExists(new sharedPb.Empty());
      response.setWrongExpectedVersion(wrong);
      return response;
    }
    if (proposed.length === 0) {
      // An empty append writes nothing and answers where the stream stands.
      const success = new streamsPb.AppendResp.Success();
      if (current === undefined) success.setNoStream(new sharedPb.Empty());
      else success.setCurrentRevision(current.toString());
      success.setNoPosition(new sharedPb.Empty());
      response.setSuccess(success);
      return response;
    }
    return appendSuccess(this.write(streamId, current === undefined ? 0n : current + 1n, proposed).at(-1)!);
  }

  /** The last record of an earlier identical append (same ids, right after the same expected revision). */
  private alreadyWritten(stream: StoredRecord[], expected: bigint | 'no_stream' | 'stream_exists' | 'any', proposed: Array<{ id: string }>): StoredRecord | undefined {
    if (proposed.length === 0) return undefined;
    const first = stream.findIndex((record) => record.id === proposed[0].id);
    if (first < 0) return undefined;
    if (typeof expected === 'bigint' && BigInt(first) !== expected + 1n) return undefined;
    if (expected === 'no_stream' && first !== 0) return undefined;
    const written = stream.slice(first, first + proposed.length);
    if (written.length !== proposed.length || written.some((record, index) => record.id !== proposed[index].id)) return undefined;
    return written.at(-1);
  }

  private read(call: grpc.ServerWritableStream<ReadReq, ReadResp>): void {
    const options = call.request.getOptions();
    if (!options) {
      call.destroy(Object.assign(new Error('Read needs options.'), { code: grpc.status.INVALID_ARGUMENT }));
      return;
    }
    const structuredIds = options.getUuidOption()?.hasStructured() ?? false;
    const send = (record: StoredRecord, fromAll: boolean) => call.write(readEvent(record, structuredIds, fromAll));
    if (options.hasSubscription()) {
      if (!options.hasAll()) {
        call.destroy(Object.assign(new Error('The double subscribes to $all only.'), { code: grpc.status.UNIMPLEMENTED }));
        return;
      }
      this.subscribeToAll(call, options, send);
      return;
    }
    const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    const count = options.hasCount() ? BigInt(options.getCount()) : BigInt(Number.MAX_SAFE_INTEGER);
    if (options.hasStream()) {
      const streamOptions = options.getStream()!;
      const streamId = streamName(streamOptions.getStreamIdentifier());
      const stream = this.streams.get(streamId);
      if (!stream || stream.length === 0) {
        const notFound = new streamsPb.ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(streamOptions.getStreamIdentifier());
        call.write(new streamsPb.ReadResp().setStreamNotFound(notFound));
        call.end();
        return;
      }
      const last = BigInt(stream.length - 1);
      const from = streamOptions.hasRevision() ? BigInt(streamOptions.getRevision()) : streamOptions.hasEnd() ? (backwards ? last : last + 1n) : backwards ? -1n : 0n;
      const selected = backwards
        ? stream.filter((record) => record.revision <= from).reverse()
        : stream.filter((record) => record.revision >= from);
      for (const record of selected.slice(0, Number(count))) send(record, false);
      call.end();
      return;
    }
    const allOptions = options.getAll()!;
    const filter = filterOf(options);
    const at = allOptions.hasPosition() ? BigInt(allOptions.getPosition()!.getCommitPosition()) : undefined;
    let selected: StoredRecord[];
    if (backwards) {
      const before = at ?? (allOptions.hasStart() ? 0n : this.nextPosition);
      selected = this.records.filter((record) => record.position < before).reverse();
    } else {
      const from = at ?? (allOptions.hasEnd() ? this.nextPosition : 0n);
      selected = this.records.filter((record) => record.position >= from);
    }
    if (filter) selected = selected.filter((record) => filter.matches(filter.on === 'type' ? record.type : record.streamId));
    for (const record of selected.slice(0, Number(count))) send(record, true);
    call.end();
  }

  private subscribeToAll(call: grpc.ServerWritableStream<ReadReq, ReadResp>, options: InstanceType<typeof streamsPb.ReadReq.Options>, send: (record: StoredRecord, fromAll: boolean) => void): void {
    const allOptions = options.getAll()!;
    const filter = filterOf(options);
    // A subscription starts after its position: the record there was already seen by the caller.
    const after = allOptions.hasPosition() ? BigInt(allOptions.getPosition()!.getCommitPosition()) : allOptions.hasEnd() ? this.nextPosition - 1n : -1n;
    call.write(new streamsPb.ReadResp().setConfirmation(new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())));

    let sinceCheckpoint = 0;
    const offer = (record: StoredRecord) => {
      if (record.position <= after) return;
      if (!filter || filter.matches(filter.on === 'type' ? record.type : record.streamId)) {
        sinceCheckpoint = 0;
        send(record, true);
        return;
      }
      if (++sinceCheckpoint >= filter.window) {
        sinceCheckpoint = 0;
        const checkpoint = new streamsPb.ReadResp.Checkpoint().setCommitPosition(record.position.toString()).setPreparePosition(record.position.toString());
        call.write(new streamsPb.ReadResp().setCheckpoint(checkpoint));
      }
    };
    // Catch-up and going live happen in one turn of the event loop, so no record falls between them.
    for (const record of this.records) offer(record);
    call.write(new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp()));
    const subscriber: Subscriber = { deliver: offer };
    this.subscribers.add(subscriber);
    const end = () => this.subscribers.delete(subscriber);
    call.on('cancelled', end);
    call.on('close', end);
    call.on('error', end);
  }
}

function unimplemented(method: string) {
  return (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback({ code: grpc.status.UNIMPLEMENTED, details: `The EventStoreDB double does not implement ${method}.` });
}

function unimplementedStream(method: string) {
  return (call: grpc.ServerDuplexStream<unknown, unknown>) =>
    call.destroy(Object.assign(new Error(`The EventStoreDB double does not implement ${method}.`), { code: grpc.status.UNIMPLEMENTED }));
}

/** The real server tells the client which methods it has; BatchAppend is left out, so the client uses Append. */
function supportedMethods() {
  const method = (name: string) => new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(name);
  return new featuresPb.SupportedMethods().setEventStoreServerVersion('23.10.0').setMethodsList([method('read'), method('append')]);
}

function requiredMetadataMissing(key: string): Partial<grpc.StatusObject> {
  const metadata = new grpc.Metadata();
  metadata.set('exception', 'missing-required-metadata-property');
  metadata.set('required-properties', key);
  return { code: grpc.status.INVALID_ARGUMENT, details: `Missing required metadata property: ${key}.`, metadata };
}

function appendSuccess(last: StoredRecord): AppendResp {
  const position = new streamsPb.AppendResp.Position().setCommitPosition(last.position.toString()).setPreparePosition(last.position.toString());
  const success = new streamsPb.AppendResp.Success().setCurrentRevision(last.revision.toString()).setPosition(position);
  return new streamsPb.AppendResp().setSuccess(success);
}

function streamName(identifier: InstanceType<typeof sharedPb.StreamIdentifier> | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

function uuidString(uuid: Uuid | undefined): string {
  if (!uuid) return randomUUID();
  if (uuid.hasString()) return uuid.getString();
  const structured = uuid.getStructured()!;
  const bytes = Buffer.alloc(16);
  bytes.writeBigInt64BE(BigInt(structured.getMostSignificantBits()), 0);
  bytes.writeBigInt64BE(BigInt(structured.getLeastSignificantBits()), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function uuidMessage(id: string, structured: boolean): Uuid {
  if (!structured) return new sharedPb.UUID().setString(id);
  const bytes = Buffer.from(id.replaceAll('-', ''), 'hex');
  const bits = new sharedPb.UUID.Structured()
    .setMostSignificantBits(bytes.readBigInt64BE(0).toString())
    .setLeastSignificantBits(bytes.readBigInt64BE(8).toString());
  return new sharedPb.UUID().setStructured(bits);
}

function readEvent(record: StoredRecord, structuredIds: boolean, fromAll: boolean): ReadResp {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(record.id, structuredIds))
    .setStreamIdentifier(new sharedPb.StreamIdentifier().setStreamName(Buffer.from(record.streamId, 'utf8')))
    .setStreamRevision(record.revision.toString())
    .setPreparePosition(record.position.toString())
    .setCommitPosition(record.position.toString())
    .setData(record.data)
    .setCustomMetadata(record.metadata);
  recorded.getMetadataMap().set('type', record.type).set('content-type', record.contentType).set('created', record.createdTicks.toString());
  const event = new streamsPb.ReadResp.ReadEvent().setEvent(recorded);
  // $all reads carry the commit position of the record; stream reads leave it out, as the server does.
  if (fromAll) event.setCommitPosition(record.position.toString());
  else event.setNoPosition(new sharedPb.Empty());
  return new streamsPb.ReadResp().setEvent(event);
}

function filterOf(options: InstanceType<typeof streamsPb.ReadReq.Options>): Filter | undefined {
  if (!options.hasFilter()) return undefined;
  const filter = options.getFilter()!;
  const on = filter.hasEventType() ? 'type' : 'stream';
  const expression = (on === 'type' ? filter.getEventType() : filter.getStreamIdentifier())!;
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression.getPrefixList();
  const window = (filter.hasMax() ? filter.getMax() : CHECKPOINT_WINDOW) * Math.max(1, filter.getCheckpointintervalmultiplier());
  return {
    on,
    window,
    matches: (value) => (regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix))),
  };
}
