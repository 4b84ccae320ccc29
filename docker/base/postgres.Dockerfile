# A stand-in for the official postgres image where no registry with it is reachable: Debian bookworm's PostgreSQL
# (postgresql-15) on DEBIAN_IMAGE, started by an entry point that honours the same contract: POSTGRES_USER,
# POSTGRES_PASSWORD and POSTGRES_DB create the cluster on first start in PGDATA, and `postgres -c ...` arguments pass
# through. Built by scripts/test-docker.sh:
#   docker build -f docker/base/postgres.Dockerfile --build-arg DEBIAN_IMAGE=... -t <tag> docker/base
ARG DEBIAN_IMAGE=debian:bookworm-slim
FROM ${DEBIAN_IMAGE}
# No cluster made by the package: the entry point makes one in PGDATA, as the official image does.
RUN mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.d/no-main-cluster.conf \
 && apt-get update \
 && apt-get install -y --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /usr/share/doc /usr/share/man \
 && install -d -o postgres -g postgres -m 2775 /var/run/postgresql
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
VOLUME /var/lib/postgresql/data
EXPOSE 5432
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
